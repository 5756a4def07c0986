// First: shared modules build zod schemas when first used, and zod must not probe eval under our CSP.
import "../../../lib/zod-csp";
import { type AccountUser, isAuthenticatedUser } from "@heartline/shared";
import { MessageCircle } from "lucide-react";
import { useParams } from "react-router";
import { useT } from "../../../lib/i18n/use-t";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useSession } from "../../accounts";
import { RegisteredOnlyNotice } from "../../friends";
import { ConversationListPanel } from "../components/conversation-list-panel";
import { ThreadView } from "../components/thread-view";

/**
 * /group-chat/dm and /group-chat/dm/:partnerId (spec §2): phones show the list or the thread (with a
 * back button), wider screens both side by side.
 */
export function DirectMessagesPage() {
  const t = useT();
  useDocumentTitle(t("dm.title"));
  const { user } = useSession();
  const { partnerId = null } = useParams();
  if (!user) return null;
  if (!isAuthenticatedUser(user)) {
    return (
      <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-8">
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100">
          {t("group.section.messages")}
        </h1>
        <RegisteredOnlyNotice user={user as AccountUser} what="dms" />
      </main>
    );
  }
  return (
    <main className="mx-auto flex min-h-0 w-full max-w-7xl flex-1 bg-white lg:border-x lg:border-zinc-200 dark:bg-zinc-900 lg:dark:border-zinc-800">
      <aside
        aria-label={t("dm.list.label")}
        className={`${partnerId ? "hidden md:flex" : "flex"} min-h-0 w-full flex-col border-zinc-200 md:w-80 md:shrink-0 md:border-e lg:w-96 dark:border-zinc-800`}
      >
        <ConversationListPanel myId={user.id} activePartnerId={partnerId} />
      </aside>
      {partnerId ? (
        <ThreadView key={partnerId} partnerId={partnerId} myId={user.id} />
      ) : (
        <div className="hidden flex-1 flex-col items-center justify-center gap-2 bg-zinc-50 px-6 text-center md:flex dark:bg-zinc-950">
          <MessageCircle aria-hidden="true" className="size-10 text-zinc-300 dark:text-zinc-700" />
          <h2 className="font-semibold text-zinc-800 dark:text-zinc-200">{t("dm.page.yours")}</h2>
          <p className="max-w-xs text-sm text-zinc-500 dark:text-zinc-400">{t("dm.page.pick")}</p>
        </div>
      )}
    </main>
  );
}
