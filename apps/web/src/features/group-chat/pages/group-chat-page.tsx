import { type GroupMessage, groupPeopleTotal, isAuthenticatedUser } from "@heartline/shared";
import { Users } from "lucide-react";
import { useMemo, useState } from "react";
import toast from "react-hot-toast";
import { formatBareCount } from "../../../lib/format-bare-count";
import { translate } from "../../../lib/i18n/i18n";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { useAppSocket } from "../../../lib/socket";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { Dialog } from "../../../ui/dialog";
import { useSession } from "../../accounts";
import { isAutomodRefusal, showImageRefusal } from "../../automod";
import { useImageSend } from "../../chat-pipeline";
import { useBlockedIds } from "../../direct-messages";
import { useFriendRequests, useFriends } from "../../friends";
import { type ReportTarget, ReportUserDialog, useDeleteGroupMessage } from "../../moderation";
import { uploadGroupImage } from "../api/upload-group-image";
import { useGroupRoom } from "../api/use-group-room";
import { useOlderMessages } from "../api/use-older-messages";
import { GroupComposer } from "../components/group-composer";
import type { RoomMessage } from "../components/group-message-item";
import { GroupMessageList } from "../components/group-message-list";
import { OnlineUsersPanel } from "../components/online-users-panel";
import { ProfileCardDialog, type ProfileCardTarget } from "../components/profile-card-dialog";
import { TypingIndicator } from "../components/typing-indicator";
import { GROUP_ROOM_NAME } from "../group-chat-sections";
import { groupErrorText } from "../group-server-texts";
import { useGroupSend } from "../hooks/use-group-send";
import { useMorePeople } from "../hooks/use-more-people";
import { useGroupOutboxStore } from "../state/group-outbox";
import { mutedIdsOf } from "../state/group-room-state";
import { useSendCooldownStore } from "../state/send-cooldown-store";

/** A thrown failure's code and text (an `ApiError` has both). */
function errorOf(error: Error): { code?: string; message: string } {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? { code, message: error.message } : { message: error.message };
}

/** issue #15: an image AutoMod refused can be sent for review from the same toast. */
function showGroupImageRefusal(error: unknown): boolean {
  if (!isAutomodRefusal(error) || !(error instanceof Error)) return false;
  showImageRefusal(error.message, "group");
  return true;
}

/** /group-chat: the room (spec §2). The layout above keeps the membership; this page shows and sends. */
export function GroupChatPage() {
  const t = useT();
  const locale = useLocale();
  useDocumentTitle(t("group.title"));
  const { user } = useSession();
  const socket = useAppSocket();
  const room = useGroupRoom();
  const outbox = useGroupOutboxStore((state) => state.entries);
  const sendAgainAt = useSendCooldownStore((state) => state.sendAgainAt);
  const clearCooldown = useSendCooldownStore((state) => state.clearCooldown);
  const me = { id: user?.id ?? "", username: user?.username ?? "" };
  const { send, retry, setTyping } = useGroupSend(socket, me);
  const { pickImage, isUploading } = useImageSend({
    upload: uploadGroupImage,
    send,
    onUploadRefused: showGroupImageRefusal,
  });
  const { loadOlder, isLoading } = useOlderMessages();
  const morePeople = useMorePeople(socket);
  const [replyTo, setReplyTo] = useState<GroupMessage | null>(null);
  const [reportTarget, setReportTarget] = useState<ReportTarget | null>(null);
  const [toDelete, setToDelete] = useState<GroupMessage | null>(null);
  const [isPeopleOpen, setIsPeopleOpen] = useState(false);
  const [profileTarget, setProfileTarget] = useState<ProfileCardTarget | null>(null);
  const deleteForEveryone = useDeleteGroupMessage();
  const canAddFriends = isAuthenticatedUser(user);
  const friends = useFriends(canAddFriends);
  const requests = useFriendRequests(canAddFriends);
  // Only registered, verified people can block (spec §1): nobody else has anyone to fold.
  const blockedIds = useBlockedIds(canAddFriends);
  const connectedIds = useMemo(
    () =>
      new Set([
        ...(friends.data?.friends.map((friend) => friend.id) ?? []),
        ...(requests.data?.incoming.map((request) => request.user.id) ?? []),
        ...(requests.data?.outgoing.map((request) => request.user.id) ?? []),
      ]),
    [friends.data, requests.data],
  );

  const messages = useMemo<RoomMessage[]>(() => {
    const stored = new Set(room.messages.map((message) => message.id));
    const pending = outbox
      .filter((message) => !stored.has(message.id))
      .map((message) => ({
        ...message,
        senderId: me.id,
        senderUsername: me.username,
        senderProfileImage: user?.profileImage ?? null,
        senderGender: user?.gender ?? null,
        timestamp: message.createdAt,
      }));
    return [...room.messages.map((message) => ({ ...message, status: "sent" as const })), ...pending];
  }, [room.messages, outbox, me.id, me.username, user?.profileImage, user?.gender]);
  const mutedIds = useMemo(() => mutedIdsOf(room, me.id), [room, me.id]);

  if (!user) return null;

  const deleteMessage = () => {
    if (!toDelete) return;
    const target = toDelete;
    setToDelete(null);
    // mutateAsync: mutate's own callbacks would fire for the latest of two quick deletions only.
    const isOwn = target.senderId === user.id;
    void deleteForEveryone.mutateAsync({ messageId: target.id, isOwn }).then(
      (result) =>
        result.deleted
          ? toast.success(translate("group.deleted"))
          : toast.error(translate("group.deleteFailed")),
      (error: unknown) =>
        toast.error(
          error instanceof Error ? groupErrorText(errorOf(error)) : translate("group.deleteFailed"),
        ),
    );
  };

  const people = (
    <OnlineUsersPanel
      users={room.onlineUsers}
      counts={room.peopleCounts}
      onShowMore={morePeople.showMore}
      isLoadingMore={morePeople.isLoading}
      ownId={user.id}
      mutedIds={mutedIds}
      canAddFriends={canAddFriends}
      connectedIds={connectedIds}
      onReport={(target) => {
        setIsPeopleOpen(false);
        setReportTarget({ userId: target.userId, username: target.username });
      }}
      onOpenProfile={(target) => {
        setIsPeopleOpen(false);
        setProfileTarget({ userId: target.userId, username: target.username });
      }}
    />
  );

  return (
    <div className="mx-auto flex min-h-0 w-full max-w-7xl flex-1">
      <section
        aria-label={GROUP_ROOM_NAME}
        className="flex min-h-0 min-w-0 flex-1 flex-col bg-white lg:border-x lg:border-zinc-200 dark:bg-zinc-950 lg:dark:border-zinc-800"
      >
        <div className="flex items-center justify-between gap-2 border-b border-zinc-200 px-3 py-1.5 sm:px-4 lg:py-2.5 dark:border-zinc-800">
          <h1 className="text-sm font-semibold text-zinc-900 lg:text-base dark:text-zinc-100">
            {t("group.title")}
          </h1>
          <Button variant="ghost" size="sm" className="lg:hidden" onClick={() => setIsPeopleOpen(true)}>
            <Users aria-hidden="true" className="size-4" />
            {t("group.people.button", {
              count: formatBareCount(groupPeopleTotal(room.peopleCounts), locale),
            })}
          </Button>
        </div>
        <GroupMessageList
          messages={messages}
          ownId={user.id}
          genders={room.genders}
          hasMore={room.hasMore}
          isLoadingOlder={isLoading}
          canDelete={user.isAdmin}
          onLoadOlder={loadOlder}
          onReply={setReplyTo}
          onReport={(message) =>
            setReportTarget({
              userId: message.senderId,
              username: message.senderUsername,
              message: { id: message.id, content: message.content, type: message.type },
            })
          }
          onDelete={setToDelete}
          onRetry={retry}
          onOpenProfile={setProfileTarget}
          ownProfileImage={user.profileImage}
          blockedIds={blockedIds}
        />
        <TypingIndicator typing={room.typing} />
        <GroupComposer
          isGuest={user.isGuest}
          mute={room.mute}
          replyTo={replyTo}
          isUploading={isUploading}
          onCancelReply={() => setReplyTo(null)}
          onSend={(content) => {
            send({ content, replyTo });
            setReplyTo(null);
          }}
          onPickImage={pickImage}
          onTyping={setTyping}
          sendAgainAt={sendAgainAt}
          onCooldownOver={clearCooldown}
        />
      </section>
      <aside className="hidden w-72 shrink-0 border-e border-zinc-200 bg-zinc-50 lg:flex lg:flex-col dark:border-zinc-800 dark:bg-zinc-900/40">
        {people}
      </aside>
      <Dialog open={isPeopleOpen} onOpenChange={setIsPeopleOpen} title={t("group.people.title")}>
        <div className="-mx-4 mt-2 max-h-[60dvh] overflow-y-auto">{people}</div>
      </Dialog>
      <ProfileCardDialog
        target={profileTarget}
        viewer={user}
        onClose={() => setProfileTarget(null)}
        onReport={(target) => {
          setProfileTarget(null);
          setReportTarget(target);
        }}
      />
      <ReportUserDialog target={reportTarget} onClose={() => setReportTarget(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("group.delete.title")}
        description={t("group.delete.description")}
        confirmLabel={t("group.delete.confirm")}
        onConfirm={deleteMessage}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
