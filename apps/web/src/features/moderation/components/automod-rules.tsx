import "../../../lib/zod-csp";
import {
  AUTOMOD_ACTIONS,
  AUTOMOD_SURFACES,
  type AutomodAction,
  type AutomodRule,
  type AutomodSurface,
  type CreateAutomodRuleInput,
  createAutomodRuleSchema,
} from "@heartline/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../ui/button";

export const SURFACE_LABELS: Record<AutomodSurface, string> = {
  group: "Group room",
  random: "Random chat",
  dm: "Direct messages",
  confession: "Confession wall",
  username: "Usernames",
};

export const ACTION_LABELS: Record<AutomodAction, string> = {
  block: "Block and tell the sender",
  mask: "Mask the word",
  flag: "Allow and flag for review",
};

const FIELD =
  "mt-1 block w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100";

export interface AutomodRuleListProps {
  rules: AutomodRule[] | undefined;
  error: string | null;
  busyId: string | null;
  onRemove: (rule: AutomodRule) => void;
}

/** Every rule with where it applies and what it does; built-ins cannot be removed. */
export function AutomodRuleList({ rules, error, busyId, onRemove }: AutomodRuleListProps) {
  if (error)
    return (
      <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
        {error}
      </p>
    );
  if (!rules) return <p className="text-sm text-zinc-500">Loading rules…</p>;
  return (
    <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="AutoMod rules">
      {rules.map((rule) => (
        <li key={rule.id} className="flex items-start justify-between gap-4 py-3">
          <div className="min-w-0">
            <p className="font-medium">{rule.name}</p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {rule.phrase ? <>“{rule.phrase}” · </> : "Built-in list · "}
              {ACTION_LABELS[rule.action]}
            </p>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {rule.surfaces.map((surface) => SURFACE_LABELS[surface]).join(", ")}
            </p>
          </div>
          {rule.isBuiltin ? null : (
            <Button
              variant="secondary"
              size="sm"
              disabled={busyId === rule.id}
              onClick={() => onRemove(rule)}
              aria-label={`Remove the rule ${rule.name}`}
            >
              Remove
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

export interface AutomodRuleFormProps {
  onSubmit: (input: CreateAutomodRuleInput) => Promise<void>;
}

/** Adds a word or phrase rule (issue #15): its name, where it applies, and one action. */
export function AutomodRuleForm({ onSubmit }: AutomodRuleFormProps) {
  const id = useId();
  const [name, setName] = useState("");
  const [phrase, setPhrase] = useState("");
  const [surfaces, setSurfaces] = useState<AutomodSurface[]>(["group", "confession"]);
  const [action, setAction] = useState<AutomodAction>("block");
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const toggle = (surface: AutomodSurface) =>
    setSurfaces((current) =>
      current.includes(surface) ? current.filter((item) => item !== surface) : [...current, surface],
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createAutomodRuleSchema.safeParse({ name, phrase, surfaces, action });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the rule.");
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      await onSubmit(parsed.data);
      setName("");
      setPhrase("");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not add the rule.");
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" aria-label="Add an AutoMod rule">
      <div>
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          Rule name
        </label>
        <input id={`${id}-name`} className={FIELD} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div>
        <label htmlFor={`${id}-phrase`} className="text-sm font-medium">
          Word or phrase
        </label>
        <input
          id={`${id}-phrase`}
          className={FIELD}
          value={phrase}
          onChange={(e) => setPhrase(e.target.value)}
        />
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          Leetspeak, spacing and look-alike letters are caught too.
        </p>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Applies to</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {AUTOMOD_SURFACES.map((surface) => (
            <label key={surface} className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" checked={surfaces.includes(surface)} onChange={() => toggle(surface)} />
              {SURFACE_LABELS[surface]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-action`} className="text-sm font-medium">
          Action
        </label>
        <select
          id={`${id}-action`}
          className={FIELD}
          value={action}
          onChange={(e) => setAction(e.target.value as AutomodAction)}
        >
          {AUTOMOD_ACTIONS.map((item) => (
            <option key={item} value={item}>
              {ACTION_LABELS[item]}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={isBusy}>
        Add rule
      </Button>
    </form>
  );
}
