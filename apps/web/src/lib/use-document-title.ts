import { useEffect } from "react";

export const SITE_NAME = "Heartline";

/** Sets `document.title` to "<Page> · Heartline" (the agreed title format) while the page is shown. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} · ${SITE_NAME}`;
  }, [page]);
}
