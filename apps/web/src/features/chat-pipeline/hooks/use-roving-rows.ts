import { type RefObject, useEffect } from "react";

/** What a row may hold that takes focus; the rows' own tab stops are ours (`data-log-row`). */
const INNER = "a[href], button, input, select, textarea, [tabindex]:not([data-log-row])";
/** Marks an inner control we took out of the tab order (so we put back only our own). */
const HIDDEN_MARK = "data-roving-hidden";

const MOVE_KEYS = new Set(["ArrowDown", "ArrowUp", "Home", "End", "PageDown", "PageUp"]);

function rowsOf(list: HTMLElement): HTMLElement[] {
  return [...list.children].filter((child): child is HTMLElement => child instanceof HTMLLIElement);
}

/**
 * issue #38: a chat's messages are one tab stop (the WAI-ARIA roving tabindex, as a feed): Tab reaches
 * the current row (the newest until the reader picks another), Up/Down, Page Up/Down, Home and End move
 * between rows; Enter goes into the focused row's own controls (Reply, Report…), Tab then moves along
 * them, and Escape comes back to the row. From a row, Tab goes on to what follows the log (the box). The rows are the chat's own `<li>`s; their controls
 * are left to React, only their `tabindex` is ours while their row is not the focused one.
 */
export function useRovingRows(listRef: RefObject<HTMLOListElement | null>): void {
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    // The row the reader last focused; until then (or once it is gone) the newest row is the tab stop.
    let picked: HTMLElement | null = null;

    const rowOf = (node: EventTarget | null): HTMLElement | null => {
      if (!(node instanceof Element)) return null;
      const row = node.closest<HTMLElement>("[data-log-row]");
      return row && row.parentElement === list ? row : null;
    };

    const sync = (focusedRow: HTMLElement | null) => {
      const rows = rowsOf(list);
      const current = picked?.parentElement === list ? picked : (rows.at(-1) ?? null);
      for (const row of rows) {
        row.setAttribute("data-log-row", "");
        row.tabIndex = row === current ? 0 : -1;
        const isOpen = row === focusedRow;
        for (const inner of row.querySelectorAll<HTMLElement>(INNER)) {
          if (isOpen && inner.hasAttribute(HIDDEN_MARK)) {
            inner.removeAttribute(HIDDEN_MARK);
            inner.removeAttribute("tabindex");
          } else if (!isOpen && !inner.hasAttribute("tabindex")) {
            inner.setAttribute(HIDDEN_MARK, "");
            inner.tabIndex = -1;
          }
        }
      }
    };

    // A row's controls are in the tab order only while the focus is on one of them (after Enter).
    const openRowOf = (node: EventTarget | null) => {
      const row = rowOf(node);
      return row && node !== row ? row : null;
    };
    const onFocusIn = (event: FocusEvent) => {
      const row = rowOf(event.target);
      if (!row) return;
      picked = row;
      sync(openRowOf(event.target));
    };
    const onFocusOut = (event: FocusEvent) => {
      if (rowOf(event.target) && !rowOf(event.relatedTarget)) sync(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const row = rowOf(event.target);
      if (!row) return;
      if (event.target !== row) {
        if (event.key === "Escape") {
          row.focus();
          event.preventDefault();
        }
        return;
      }
      if (event.key === "Enter") {
        row.querySelector<HTMLElement>(INNER)?.focus();
        event.preventDefault();
        return;
      }
      if (!MOVE_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
      const rows = rowsOf(list);
      const index = rows.indexOf(row);
      const page = Math.max(1, Math.floor(rows.length / 10));
      const target = {
        ArrowDown: index + 1,
        ArrowUp: index - 1,
        PageDown: index + page,
        PageUp: index - page,
        Home: 0,
        End: rows.length - 1,
      }[event.key as "ArrowDown"];
      rows[Math.min(rows.length - 1, Math.max(0, target))]?.focus();
      event.preventDefault();
    };

    const observer = new MutationObserver(() => sync(openRowOf(document.activeElement)));
    observer.observe(list, { childList: true, subtree: true });
    sync(openRowOf(document.activeElement));
    list.addEventListener("focusin", onFocusIn);
    list.addEventListener("focusout", onFocusOut);
    list.addEventListener("keydown", onKeyDown);
    return () => {
      observer.disconnect();
      list.removeEventListener("focusin", onFocusIn);
      list.removeEventListener("focusout", onFocusOut);
      list.removeEventListener("keydown", onKeyDown);
    };
  }, [listRef]);
}
