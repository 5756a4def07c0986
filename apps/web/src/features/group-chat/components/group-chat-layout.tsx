import type { AccountUser } from "@heartline/shared";
import { Navigate, Outlet } from "react-router";
import { useAppSocket, useSocketStatus } from "../../../lib/socket";
import { PageSpinner } from "../../../ui/page-spinner";
import { AccountMenu, useSession } from "../../accounts";
import { useBanGate } from "../../moderation";
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

  return (
    <div className="flex h-dvh flex-col bg-zinc-50 dark:bg-zinc-950">
      <GroupChatHeader
        isAdmin={user.isAdmin}
        onlineCount={room.onlineUsers.length}
        isConnected={isConnected}
        account={<AccountMenu user={user} />}
      />
      <ConnectionFailedBanner socket={socket} />
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
        <Outlet />
      </div>
    </div>
  );
}
