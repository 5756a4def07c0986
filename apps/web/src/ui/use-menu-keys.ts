import { type RefObject, useEffect } from "react";

const ITEMS = "a[href], button:not(:disabled)";

export interface MenuKeysOptions {
  isOpen: boolean;
  /** The open panel, the trigger, and the box around both (a press outside it closes). */
  panelRef: RefObject<HTMLElement | null>;
  triggerRef: RefObject<HTMLElement | null>;
  rootRef: RefObject<HTMLElement | null>;
  close: () => void;
}

/**
 * A disclosure menu's keyboard (issue #38): opening puts the focus on its first item; Up/Down (and
 * Home/End) move between the items; Escape closes it and gives the focus back to the trigger; a press
 * outside closes it.
 */
export function useMenuKeys({ isOpen, panelRef, triggerRef, rootRef, close }: MenuKeysOptions): void {
  useEffect(() => {
    if (!isOpen) return;
    panelRef.current?.querySelector<HTMLElement>(ITEMS)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        close();
        triggerRef.current?.focus();
        return;
      }
      const items = [...(panelRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
      const index = items.indexOf(document.activeElement as HTMLElement);
      const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[
        event.key as "ArrowDown"
      ];
      if (next === undefined || index < 0) return;
      items[(next + items.length) % items.length]?.focus();
      event.preventDefault();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [isOpen, panelRef, triggerRef, rootRef, close]);
}
