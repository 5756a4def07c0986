import { type AccountUser, groupPeopleTotal, isAuthenticatedUser } from "@heartline/shared";
import { UserPlus } from "lucide-react";
import { useEffect } from "react";
import { Navigate, Outlet } from "react-router";
import { useT } from "../../../lib/i18n/use-t";
import { useAppSocket, useSocketStatus } from "../../../lib/socket";
import { useTitleCountStore } from "../../../lib/use-document-title";
import { PageSpinner } from "../../../ui/page-spinner";
import { AccountMenu, useSession } from "../../accounts";
import { useDmEvents, useUnreadTotal } from "../../direct-messages";
import {
  AddFriendDialog,
  useAddFriendDialogStore,
  useFriendsEvents,
  usePendingRequestCount,
} from "../../friends";
import { useBanGate } from "../../moderation";
import { NotificationBell } from "../../notifications";
import { useStreakEvents } from "../../streaks";
import { useGroupRoom } from "../api/use-group-room";
import { useAwayStatus } from "../hooks/use-away-status";
import { useGroupMembership } from "../hooks/use-group-membership";
import { ConnectionFailedBanner } from "./connection-failed-banner";
import { GroupChatHeader } from "./group-chat-header";

/**
 * /group-chat and its pages: no site top bar or footer (spec §2), a header of their own. Rendered inside
 * `GroupChatGuard`, which sends signed-out visitors home; behind the ban check (spec §4 Bans). The
 * server refuses the rest.
 */
export function GroupChatLayout() {
  const { user } = useSession();
  if (!user) return null;
  return <BanGuardedShell user={user} />;
}

function BanGuardedShell({ user }: { user: AccountUser }) {
  const socket = useAppSocket();
  const status = useBanGate(socket, user);
  if (status === "banned") return <Navigate to="/" replace />;
  if (status === "checking") return <PageSpinner />;
  return <GroupChatShell user={user} />;
}

function GroupChatShell({ user }: { user: AccountUser }) {
  const socket = useAppSocket();
  const { isConnected } = useSocketStatus();
  const room = useGroupRoom();
  useGroupMembership(socket, { id: user.id, username: user.username });
  useAwayStatus(socket, user.username);
  const social = useSocialState(user);

  return (
    <div className="flex h-dvh flex-col bg-zinc-50 dark:bg-zinc-950">
      <GroupChatHeader
        isAdmin={user.isAdmin}
        onlineCount={groupPeopleTotal(room.peopleCounts)}
        isConnected={isConnected}
        account={<AccountMenu user={user} />}
        badges={social.badges}
        actions={
          social.isEnabled ? (
            <>
              <NotificationBell />
              <AddFriendHeaderButton />
            </>
          ) : null
        }
      />
      <ConnectionFailedBanner socket={socket} />
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
        <Outlet />
      </div>
      {social.isEnabled ? <AddFriendDialog /> : null}
    </div>
  );
}

/**
 * Friends, direct messages and streaks for the whole group chat area (registered, verified users only): their
 * pushes, the header's counts and the unread count in the tab title.
 */
function useSocialState(user: AccountUser) {
  const socket = useAppSocket();
  const isEnabled = isAuthenticatedUser(user);
  useFriendsEvents(socket, isEnabled);
  useDmEvents(socket, user.id, isEnabled);
  useStreakEvents(socket, isEnabled);
  const unread = useUnreadTotal(isEnabled);
  const pending = usePendingRequestCount(isEnabled);
  useEffect(() => {
    useTitleCountStore.setState({ count: unread });
    return () => useTitleCountStore.setState({ count: 0 });
  }, [unread]);
  return { isEnabled, badges: { "/group-chat/dm": unread, "/group-chat/friends": pending } };
}

/** spec §2: the layout's add-friend modal opens from the header. */
function AddFriendHeaderButton() {
  const open = useAddFriendDialogStore((state) => state.open);
  const t = useT();
  return (
    <button
      type="button"
      aria-label={t("friends.add")}
      title={t("friends.add")}
      onClick={() => open()}
      className="inline-flex size-9 items-center justify-center rounded-xl text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
    >
      <UserPlus aria-hidden="true" className="size-5" />
    </button>
  );
}
