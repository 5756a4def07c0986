import { createContext, useContext, useEffect } from "react";
import { create } from "zustand";

export const SITE_NAME = "Heartline";

/** A count shown in front of every title ("(3) Messages · Heartline"): the unread direct messages. */
export const useTitleCountStore = create<{ count: number }>()(() => ({ count: 0 }));

/** "(3) Friends · Heartline", or "Friends · Heartline" with nothing unread. */
export function formatDocumentTitle(title: string, count: number): string {
  return `${count > 0 ? `(${count}) ` : ""}${title} · ${SITE_NAME}`;
}

/**
 * Where the build's prerender step (issue #16, B6) collects a page's title, since effects do not run
 * there: the prerendered HTML's `<title>` is the one the page sets. Absent in the browser.
 */
export const PrerenderedTitleContext = createContext<{ title?: string } | null>(null);

/** Sets the tab title to "<title> · Heartline" while the calling page is mounted. */
export function useDocumentTitle(title: string): void {
  const count = useTitleCountStore((state) => state.count);
  const prerendered = useContext(PrerenderedTitleContext);
  if (prerendered) prerendered.title = formatDocumentTitle(title, 0);
  useEffect(() => {
    const previous = document.title;
    document.title = formatDocumentTitle(title, count);
    // Restore on unmount so a page without its own title never shows a stale one.
    return () => {
      document.title = previous;
    };
  }, [title, count]);
}
