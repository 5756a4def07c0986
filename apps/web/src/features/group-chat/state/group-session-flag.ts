/** spec §4 Socket: the session flag that says this tab is in the group chat (sessionStorage). */
export const IN_GROUP_FLAG_KEY = "heartline-in-group";

export function setInGroupFlag(isInGroup: boolean): void {
  try {
    if (isInGroup) sessionStorage.setItem(IN_GROUP_FLAG_KEY, "true");
    else sessionStorage.removeItem(IN_GROUP_FLAG_KEY);
  } catch {
    // Without storage the tab simply does not rejoin by itself after a reconnect.
  }
}

export function readInGroupFlag(): boolean {
  try {
    return sessionStorage.getItem(IN_GROUP_FLAG_KEY) === "true";
  } catch {
    return false;
  }
}

/** spec §4 Socket: rejoin after a reconnect only with the flag set and on a /group-chat route. */
export function shouldRejoin(isFlagSet: boolean, pathname: string): boolean {
  return isFlagSet && (pathname === "/group-chat" || pathname.startsWith("/group-chat/"));
}
