import { useEffect } from "react";
import { create } from "zustand";

export const SITE_NAME = "Heartline";

/** A count shown in front of every title ("(3) Messages · Heartline"): the unread direct messages. */
export const useTitleCountStore = create<{ count: number }>()(() => ({ count: 0 }));

/** "(3) Friends · Heartline", or "Friends · Heartline" with nothing unread. */
export function formatDocumentTitle(title: string, count: number): string {
  return `${count > 0 ? `(${count}) ` : ""}${title} · ${SITE_NAME}`;
}

/** Sets the tab title to "<title> · Heartline" while the calling page is mounted. */
export function useDocumentTitle(title: string): void {
  const count = useTitleCountStore((state) => state.count);
  useEffect(() => {
    const previous = document.title;
    document.title = formatDocumentTitle(title, count);
    // Restore on unmount so a page without its own title never shows a stale one.
    return () => {
      document.title = previous;
    };
  }, [title, count]);
}
