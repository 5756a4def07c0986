import { useEffect } from "react";
import { trackPageView } from "../../../lib/analytics";
import { whenIdle } from "../../../lib/main-thread";
import { type AppSocket, connectSocketSoon, useAppSocket } from "../../../lib/socket";

/**
 * Tells the server where this tab is. spec §2 Home: on '/' the group is left and the online list is
 * requested; spec §7: the online list is also requested on every (re)connect.
 */
export function reportRoute(socket: AppSocket, pathname: string, isOnConnect: boolean): void {
  socket.emit("update_route", pathname);
  if (pathname === "/") {
    socket.emit("leave_group");
    socket.emit("request_online_users");
  } else if (isOnConnect) {
    socket.emit("request_online_users");
  }
}

/**
 * Connects the socket on load and reports `pathname` to the socket and to analytics, again whenever it
 * changes. A prerendered public page passes its own address: it has no router (issue #36).
 */
export function useReportedPath(pathname: string): void {
  const socket = useAppSocket();

  // spec §2 Home: on load the socket connects.
  useEffect(() => (socket ? connectSocketSoon(socket) : undefined), [socket]);

  // spec §2 Page views are reported to analytics on every route change, once the page is idle (the
  // beacon is not worth a share of the task that commits the page, issue #36).
  useEffect(() => whenIdle(() => trackPageView(pathname)), [pathname]);

  useEffect(() => {
    if (!socket) return;
    // Reports go out only over a live connection; the connect handler re-sends them after a
    // reconnect instead of letting socket.io buffer a stale route.
    if (socket.connected) reportRoute(socket, pathname, false);
    const onConnect = () => reportRoute(socket, pathname, true);
    socket.on("connect", onConnect);
    return () => {
      socket.off("connect", onConnect);
    };
  }, [socket, pathname]);
}
