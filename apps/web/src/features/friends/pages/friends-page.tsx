// First: shared modules build zod schemas when first used, and zod must not probe eval under our CSP.
import "../../../lib/zod-csp";
import {
  type AccountUser,
  type FriendRequestView,
  type FriendView,
  isAuthenticatedUser,
} from "@heartline/shared";
import { UserPlus, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import toast from "react-hot-toast";
import { formatBareCount } from "../../../lib/format-bare-count";
import { translate } from "../../../lib/i18n/i18n";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";
import { Spinner } from "../../../ui/spinner";
import { useSession } from "../../accounts";
import { type FriendRequestAction, useFriendRequestAction } from "../api/use-friend-request-actions";
import { useFriendRequests } from "../api/use-friend-requests";
import { useFriends } from "../api/use-friends";
import { useRemoveFriend } from "../api/use-remove-friend";
import { friendFailureText } from "../components/friend-request-toasts";
import { FriendRow } from "../components/friend-row";
import { RegisteredOnlyNotice } from "../components/registered-only-notice";
import { RequestRow } from "../components/request-row";
import { useAddFriendDialogStore } from "../state/add-friend-dialog-store";
import { sortFriends } from "../state/friends-state";

const CARD =
  "rounded-2xl border border-zinc-200 bg-white p-2 shadow-sm dark:border-zinc-800 dark:bg-zinc-900";

function Section({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  children: ReactNode;
}) {
  const locale = useLocale();
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="px-1 text-sm font-semibold text-zinc-700 dark:text-zinc-300">
        {title}
        {count === undefined ? null : (
          <span className="ms-1 font-normal text-zinc-500 dark:text-zinc-400">
            ({formatBareCount(count, locale)})
          </span>
        )}
      </h2>
      {children}
    </section>
  );
}

/** /group-chat/friends (spec §2): friends, incoming and outgoing requests. */
export function FriendsPage() {
  const t = useT();
  useDocumentTitle(t("group.section.friends"));
  const { user } = useSession();
  const openAddFriend = useAddFriendDialogStore((state) => state.open);
  if (!user) return null;
  const canUse = isAuthenticatedUser(user);
  return (
    <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100">
            {t("group.section.friends")}
          </h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("friends.page.intro")}</p>
        </div>
        {canUse ? (
          <Button onClick={() => openAddFriend()}>
            <UserPlus aria-hidden="true" className="size-4" />
            {t("friends.addShort")}
          </Button>
        ) : null}
      </div>
      {canUse ? <FriendsContent /> : <RegisteredOnlyNotice user={user as AccountUser} what="friends" />}
    </main>
  );
}

function FriendsContent() {
  const friends = useFriends(true);
  const requests = useFriendRequests(true);
  const action = useFriendRequestAction();
  const remove = useRemoveFriend();
  const [toRemove, setToRemove] = useState<FriendView | null>(null);
  const openAddFriend = useAddFriendDialogStore((state) => state.open);
  const t = useT();

  const onAction = (request: FriendRequestView, kind: FriendRequestAction) =>
    action.mutate(
      { action: kind, id: request.id, userId: request.user.id },
      {
        onSuccess: () => {
          if (kind === "accept")
            toast.success(translate("friends.nowFriends", { name: request.user.username }));
        },
        onError: (error) => toast.error(friendFailureText(error)),
      },
    );

  const confirmRemove = () => {
    const friend = toRemove;
    setToRemove(null);
    if (!friend) return;
    remove.mutate(friend.id, {
      onSuccess: () => toast.success(translate("friends.removed", { name: friend.username })),
      onError: (error) => toast.error(friendFailureText(error)),
    });
  };

  const incoming = requests.data?.incoming ?? [];
  const outgoing = requests.data?.outgoing ?? [];
  const list = sortFriends(friends.data?.friends ?? []);
  const busyId = action.isPending ? action.variables?.id : undefined;

  return (
    <>
      {incoming.length > 0 ? (
        <Section id="incoming-heading" title={t("friends.page.requests")} count={incoming.length}>
          <ul className={CARD} data-testid="incoming-requests">
            {incoming.map((request) => (
              <RequestRow
                key={request.id}
                request={request}
                isBusy={busyId === request.id}
                onAction={onAction}
              />
            ))}
          </ul>
        </Section>
      ) : null}
      <Section
        id="friends-heading"
        title={t("friends.page.yours")}
        count={friends.data ? list.length : undefined}
      >
        {friends.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label={t("friends.page.loading")} />
          </div>
        ) : friends.isError ? (
          <p role="alert" className={`${CARD} p-4 text-sm text-rose-700 dark:text-rose-300`}>
            {friendFailureText(friends.error)}
          </p>
        ) : list.length === 0 ? (
          <div className={`${CARD} flex flex-col items-center gap-2 px-4 py-10 text-center`}>
            <Users aria-hidden="true" className="size-8 text-zinc-400" />
            <p className="font-semibold text-zinc-800 dark:text-zinc-200">{t("friends.page.none")}</p>
            <p className="max-w-sm text-sm text-zinc-500 dark:text-zinc-400">{t("friends.page.noneText")}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => openAddFriend()}>
              <UserPlus aria-hidden="true" className="size-4" />
              {t("friends.addShort")}
            </Button>
          </div>
        ) : (
          <ul className={CARD} data-testid="friends-list">
            {list.map((friend) => (
              <FriendRow key={friend.id} friend={friend} onRemove={setToRemove} />
            ))}
          </ul>
        )}
      </Section>
      {outgoing.length > 0 ? (
        <Section id="outgoing-heading" title={t("friends.page.sent")} count={outgoing.length}>
          <ul className={CARD} data-testid="outgoing-requests">
            {outgoing.map((request) => (
              <RequestRow
                key={request.id}
                request={request}
                isBusy={busyId === request.id}
                onAction={onAction}
              />
            ))}
          </ul>
        </Section>
      ) : null}
      <Dialog
        open={toRemove !== null}
        onOpenChange={(open) => (open ? undefined : setToRemove(null))}
        title={
          toRemove
            ? t("friends.removeDialog.title", { name: toRemove.username })
            : t("friends.removeDialog.titleUnnamed")
        }
        description={t("friends.removeDialog.description")}
        isAlert
      >
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setToRemove(null)}>
            {t("chat.cancel")}
          </Button>
          <Button onClick={confirmRemove}>{t("friends.remove")}</Button>
        </div>
      </Dialog>
    </>
  );
}
