import { useEffect } from "react";

export const SITE_NAME = "Heartline";

/** Sets the tab title to "<title> · Heartline" while the calling page is mounted. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${SITE_NAME}`;
    // Restore on unmount so a page without its own title never shows a stale one.
    return () => {
      document.title = previous;
    };
  }, [title]);
}
