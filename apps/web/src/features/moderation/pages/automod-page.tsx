import { AUTOMOD_REPORTER_ID, type AutomodRule } from "@heartline/shared";
import { useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Card } from "../../../ui/card";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { useSession } from "../../accounts";
import { useAddAutomodRule, useAutomodRules, useRemoveAutomodRule } from "../api/automod-rules";
import { useOpenReportTargets } from "../api/report-targets";
import { AutomodRuleForm, AutomodRuleList } from "../components/automod-rules";
import { AdminPage } from "./admin-page";

function errorText(error: unknown): string | null {
  return error instanceof Error ? error.message : null;
}

/** /group-chat/admin/automod (issue #15): AutoMod's rules and its open flags, for admins only. */
export function AutomodPage() {
  useDocumentTitle("AutoMod");
  const { user } = useSession();
  // The admin page's refusal for everyone else.
  if (!user?.isAdmin) return <AdminPage />;
  return <AutomodArea />;
}

function AutomodArea() {
  const rules = useAutomodRules();
  const addRule = useAddAutomodRule();
  const removeRule = useRemoveAutomodRule();
  // issue #38: removing a rule is asked once more.
  const [toRemove, setToRemove] = useState<AutomodRule | null>(null);
  const reports = useOpenReportTargets();
  const flags = (reports.targets ?? []).flatMap((target) =>
    target.reports.filter((report) => report.reporterId === AUTOMOD_REPORTER_ID),
  );
  const busyId = removeRule.isPending ? (removeRule.variables ?? null) : null;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100">AutoMod</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Rules apply at once on every server. Blocked senders see the rule's name and may ask for a review
          once; flags and reviews land in the{" "}
          <Link className="underline" to="/group-chat/admin">
            report queue
          </Link>
          , where dismissing one reverses it.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card as="section" aria-label="Rules">
          <h2 className="mb-3 text-lg font-semibold">Rules</h2>
          <AutomodRuleList
            rules={rules.data?.rules}
            error={errorText(rules.error)}
            busyId={busyId}
            onRemove={setToRemove}
          />
          <ConfirmDialog
            open={toRemove !== null}
            title="Remove this rule?"
            description={`“${toRemove?.name ?? ""}” stops applying at once on every server. Messages it already masked or blocked stay as they are.`}
            confirmLabel="Remove rule"
            onCancel={() => setToRemove(null)}
            onConfirm={() => {
              if (!toRemove) return;
              const rule = toRemove;
              setToRemove(null);
              void removeRule.mutateAsync(rule.id).then(
                () => toast.success(`Removed “${rule.name}”`),
                (error: unknown) => toast.error(errorText(error) ?? "Could not remove the rule."),
              );
            }}
          />
        </Card>
        <Card as="section" aria-label="Add a rule">
          <h2 className="mb-3 text-lg font-semibold">Add a rule</h2>
          <AutomodRuleForm
            onSubmit={async (input) => {
              const { rule } = await addRule.mutateAsync(input);
              toast.success(`Added “${rule.name}”`);
            }}
          />
        </Card>
      </div>
      <Card as="section" aria-labelledby="automod-flags-heading">
        <h2 id="automod-flags-heading" className="mb-3 text-lg font-semibold">
          Open automatic flags
        </h2>
        {flags.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">No open flags.</p>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {flags.map((flag) => (
              <li key={flag.id} className="py-2 text-sm">
                <span className="font-medium">{flag.targetUsername ?? "Unknown User"}</span> · {flag.context}{" "}
                · {flag.details}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
