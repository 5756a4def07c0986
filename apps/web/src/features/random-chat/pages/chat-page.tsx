import { ArrowLeft, MessagesSquare, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import "../../../lib/zod-csp";
import { RichText } from "../../../lib/i18n/rich-text";
import { useT } from "../../../lib/i18n/use-t";
import { useServerSessionStore } from "../../../lib/socket";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { ChatPicker } from "../components/chat-picker";
import { ChatView } from "../components/chat-view";
import { SearchingView } from "../components/searching-view";
import { useRandomChat } from "../hooks/use-random-chat";
import { useRandomChatStore } from "../state/random-chat-store";

/**
 * /chat: random one-to-one chat (spec §2, §4). Visitors choose their gender and whom they want to
 * meet (spec §1), then the page follows the machine: picker, searching, chat, ended.
 */
export function ChatPage() {
  const t = useT();
  useDocumentTitle(t("chat.title"));
  const actions = useRandomChat();
  const phase = useRandomChatStore((state) => state.phase);
  const partner = useRandomChatStore((state) => state.partner);
  const error = useRandomChatStore((state) => state.error);
  // Signed-in people (date of birth 18+) and confirmed visitors are not asked (issue 14).
  const isAdultConfirmed = useServerSessionStore((state) => state.isAdultConfirmed);

  if (actions && (phase === "searching" || phase === "waiting"))
    return (
      <SearchingView
        onCancel={actions.cancel}
        onReport={actions.report}
        onWiden={actions.widen}
        onRefreshLineStatus={actions.refreshLineStatus}
      />
    );
  if (actions && (phase === "connected" || (phase === "ended" && partner)))
    return <ChatView actions={actions} />;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-12">
      <Link
        to="/"
        className="mb-4 inline-flex items-center gap-1 rounded-lg text-sm font-medium text-zinc-600 hover:text-rose-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 md:hidden dark:text-zinc-400 dark:hover:text-rose-400"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {t("layout.link.home")}
      </Link>
      <div className="flex items-center gap-3">
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white">
          <MessagesSquare aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-100">
          {t("chat.title")}
        </h1>
      </div>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">{t("chat.intro")}</p>

      <ChatPicker
        onStart={() => actions?.start()}
        canStart={actions !== null}
        error={phase === "ended" ? error : null}
        needsAdultConfirmation={isAdultConfirmed !== true}
      />

      <p className="mt-6 flex items-start gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <ShieldCheck
          aria-hidden="true"
          className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
        />
        <span>
          <RichText
            message={t("chat.rules")}
            elements={[
              <Link
                key="guidelines"
                to="/guidelines"
                className="font-medium text-rose-600 underline-offset-2 hover:underline dark:text-rose-400"
              />,
            ]}
          />
        </span>
      </p>
    </div>
  );
}
