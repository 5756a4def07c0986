import { type DirectMessage, userDeletedMessage } from "@heartline/shared";
import { AlertCircle, UserX } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useT } from "../../../lib/i18n/use-t";
import { useAppSocket } from "../../../lib/socket";
import { buttonClasses } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { useImageSend } from "../../chat-pipeline";
import { useFriends, useFriendship } from "../../friends";
import { BreakingWarning, useFriendStreak } from "../../streaks";
import { uploadDmImage } from "../api/upload-dm-image";
import { useSetBlocked } from "../api/use-block";
import { useConversation } from "../api/use-conversation";
import { useSetConversationHidden } from "../api/use-conversation-actions";
import { useConversations } from "../api/use-conversations";
import { useOlderMessages, useThread } from "../api/use-thread";
import { dmErrorText } from "../dm-server-texts";
import { useDmSend } from "../hooks/use-dm-send";
import { useThreadLifecycle } from "../hooks/use-thread-lifecycle";
import { useThreadReceipts } from "../hooks/use-thread-receipts";
import { loadedConversations } from "../state/conversation-list";
import { useDmClientStore } from "../state/dm-client-store";
import { useDmOutboxStore } from "../state/outbox";
import { buildThreadEntries } from "../state/thread-entries";
import { BlockConfirmDialog } from "./block-confirm-dialog";
import { DmComposer } from "./dm-composer";
import { DmMessageList } from "./dm-message-list";
import { DmTypingLine } from "./dm-typing-line";
import { ThreadHeader } from "./thread-header";

export interface ThreadViewProps {
  partnerId: string;
  myId: string;
}

/** /group-chat/dm/:partnerId: one conversation (spec §2), or the server's reason it cannot be opened. */
export function ThreadView({ partnerId, myId }: ThreadViewProps) {
  const detail = useConversation(partnerId);
  const t = useT();
  if (detail.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner label={t("dm.thread.loading")} />
      </div>
    );
  }
  // Issue #38: the API keeps spec §5's text with the id; people see 'Deleted User' (spec §4).
  if (detail.isError && detail.error.message === userDeletedMessage(partnerId)) {
    return <DeletedPartnerNotice />;
  }
  if (detail.isError) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
        <AlertCircle aria-hidden="true" className="size-8 text-rose-500" />
        <p
          role="alert"
          data-testid="thread-error"
          className="max-w-sm font-medium text-zinc-800 dark:text-zinc-200"
        >
          {dmErrorText(detail.error)}
        </p>
        <Link to="/group-chat/dm" className={buttonClasses("secondary", "sm")}>
          {t("dm.thread.back")}
        </Link>
      </div>
    );
  }
  return <OpenThread partnerId={partnerId} myId={myId} />;
}

function OpenThread({ partnerId, myId }: ThreadViewProps) {
  const socket = useAppSocket();
  const navigate = useNavigate();
  const { data: detail } = useConversation(partnerId);
  const thread = useThread(partnerId, Boolean(detail));
  const older = useOlderMessages(partnerId);
  const conversations = useConversations();
  const friends = useFriends(true);
  const outbox = useDmOutboxStore((state) => state.entries);
  const systemLines = useDmClientStore((state) => state.systemLines);
  const typingSince = useDmClientStore((state) => state.typing[partnerId]);
  const pushedStatus = useDmClientStore((state) => state.statuses[partnerId]);
  const { send, retry, setTyping } = useDmSend(socket, partnerId);
  const { pickImage, isUploading } = useImageSend({ upload: uploadDmImage, send });
  const setBlocked = useSetBlocked();
  const friendship = useFriendship(partnerId);
  const [isConfirmingBlock, setConfirmingBlock] = useState(false);
  const setHidden = useSetConversationHidden();
  const lifecycle = useThreadLifecycle(partnerId, thread.status);
  const [replyTo, setReplyTo] = useState<DirectMessage | null>(null);
  const t = useT();

  // The list's row when a loaded page has it (kept current by pushes), else the detail's.
  const summary =
    loadedConversations(conversations.data).find((conversation) => conversation.partner.id === partnerId) ??
    detail?.conversation;
  useThreadReceipts(socket, partnerId, thread.data?.messages, summary?.lastReadSeq ?? 0);

  useEffect(() => {
    useDmClientStore.getState().clearHighlight(partnerId);
  }, [partnerId]);

  const entries = useMemo(
    () =>
      buildThreadEntries(
        thread.data?.messages ?? [],
        outbox.filter((entry) => entry.partnerId === partnerId),
        systemLines.filter((line) => line.partnerId === partnerId),
      ),
    [thread.data?.messages, outbox, systemLines, partnerId],
  );

  if (!detail) return null;
  const partner = detail.partner;
  const name = partner.isDeleted ? t("dm.deletedUser") : partner.username;
  const friend = friends.data?.friends.find((candidate) => candidate.id === partnerId);
  // Issue #38: the newest push first, then the friends list and the detail as loaded.
  const status = pushedStatus ?? friend?.status ?? detail.partnerStatus ?? null;
  // The friends caches follow pushes; the detail's answer only until they have loaded.
  const isFriend = friendship.state === "unknown" ? detail.isFriend : friendship.state === "friends";

  return (
    <section
      aria-label={t("dm.thread.conversationWith", { name })}
      data-lifecycle={lifecycle}
      className="flex min-h-0 min-w-0 flex-1 flex-col bg-zinc-50 dark:bg-zinc-950"
    >
      <ThreadHeader
        detail={{ ...detail, isFriend, partner: { ...partner, username: name } }}
        status={partner.isDeleted ? null : status}
        isHidden={summary?.hidden ?? false}
        onBlock={(blocked) =>
          blocked ? setConfirmingBlock(true) : setBlocked.mutate({ userId: partnerId, blocked })
        }
        onHide={(hidden) =>
          setHidden.mutate(
            { partnerId, hidden },
            {
              onSuccess: () => {
                if (hidden) navigate("/group-chat/dm");
              },
            },
          )
        }
      />
      <BlockConfirmDialog
        person={isConfirmingBlock ? { username: name } : null}
        onCancel={() => setConfirmingBlock(false)}
        onConfirm={() => {
          setConfirmingBlock(false);
          setBlocked.mutate({ userId: partnerId, blocked: true });
        }}
      />
      {isFriend ? <ThreadStreakWarning partnerId={partnerId} /> : null}
      {thread.isPending ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner label={t("dm.thread.loadingMessages")} />
        </div>
      ) : thread.isError ? (
        <p role="alert" className="flex-1 px-4 py-6 text-center text-sm text-rose-700 dark:text-rose-300">
          {dmErrorText(thread.error)}
        </p>
      ) : (
        <DmMessageList
          entries={entries}
          myId={myId}
          partnerId={partnerId}
          partnerName={name}
          hasOlder={thread.data.hasOlder}
          isLoadingOlder={older.isLoading}
          onLoadOlder={older.loadOlder}
          onReply={setReplyTo}
          onRetry={retry}
        />
      )}
      <DmTypingLine name={name} since={typingSince} />
      {partner.isDeleted ? (
        <p
          role="status"
          className="border-t border-zinc-200 bg-white p-4 text-center text-sm text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
        >
          {t("dm.thread.deletedNoReply")}
        </p>
      ) : (
        <DmComposer
          partnerId={partnerId}
          partnerName={name}
          replyTo={replyTo}
          isUploading={isUploading}
          isBlocked={detail.blockedByMe}
          isUnblocking={setBlocked.isPending}
          onUnblock={() => setBlocked.mutate({ userId: partnerId, blocked: false })}
          onCancelReply={() => setReplyTo(null)}
          onSend={(content) => {
            send({ content, replyTo });
            setReplyTo(null);
          }}
          onPickImage={(file, caption) => void pickImage(file, caption)}
          onTyping={setTyping}
        />
      )}
    </section>
  );
}

/** An old link or a reload of a thread whose partner deleted their account. */
function DeletedPartnerNotice() {
  const t = useT();
  const name = t("dm.deletedUser");
  return (
    <section
      aria-label={t("dm.thread.conversationWith", { name })}
      className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center"
    >
      <UserX aria-hidden="true" className="size-8 text-zinc-500 dark:text-zinc-400" />
      <h2 data-testid="thread-partner-name" className="text-lg font-semibold">
        {name}
      </h2>
      <p data-testid="thread-error" className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">
        {t("dm.thread.deletedGone")}
      </p>
      <Link to="/group-chat/dm" className={buttonClasses("secondary", "sm")}>
        {t("dm.thread.back")}
      </Link>
    </section>
  );
}

/** A breaking streak warns under the header with the hours left today (issue #12). */
function ThreadStreakWarning({ partnerId }: { partnerId: string }) {
  const found = useFriendStreak(partnerId);
  return found ? <BreakingWarning streak={found.streak} timeZone={found.timeZone} /> : null;
}
