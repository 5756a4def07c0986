/** The partner of the thread a path shows (`/group-chat/dm/:partnerId`), or null. */
export function partnerIdFromPath(pathname: string): string | null {
  const match = /^\/group-chat\/dm\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** Whether the reader is looking at this tab (a message read in a background tab is not read). */
export function isPageFocused(): boolean {
  return document.visibilityState === "visible" && document.hasFocus();
}
