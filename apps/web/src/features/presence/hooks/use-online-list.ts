import type { OnlineUserRecord } from "@heartline/shared";
import { useEffect, useState } from "react";
import { useAppSocket } from "../../../lib/socket";

/**
 * The ids in the current online list, as received (unvalidated, so /debug can check them). Fed by
 * `online_users` (array form) and `users:online` (the group room's list is paged and never pushed whole,
 * issue #16); a disconnect empties it
 * (spec §4 Socket).
 */
export function useOnlineList(): readonly unknown[] {
  const socket = useAppSocket();
  const [ids, setIds] = useState<readonly unknown[]>([]);

  useEffect(() => {
    if (!socket) return;
    const fromRecords = (records: unknown) => {
      if (Array.isArray(records)) setIds(records.map((record: Partial<OnlineUserRecord>) => record?.userId));
    };
    const onOnlineUsers = (payload: number | OnlineUserRecord[]) => fromRecords(payload);
    const onUsersOnline = (userIds: string[]) => {
      if (Array.isArray(userIds)) setIds(userIds);
    };
    const onDisconnect = () => setIds([]);
    socket.on("online_users", onOnlineUsers);
    socket.on("users:online", onUsersOnline);
    socket.on("disconnect", onDisconnect);
    return () => {
      socket.off("online_users", onOnlineUsers);
      socket.off("users:online", onUsersOnline);
      socket.off("disconnect", onDisconnect);
    };
  }, [socket]);

  return ids;
}
