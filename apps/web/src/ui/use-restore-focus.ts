import { useRef } from "react";

interface FocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Radix returns focus to a `Dialog.Trigger` on close. Our dialogs open from stores and buttons
 * elsewhere in the tree (no Trigger), so this remembers what had focus when the dialog opened and
 * puts focus back there when it closes, as a modal should.
 */
export function useRestoreFocus(handlers: FocusHandlers = {}): Required<FocusHandlers> {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current;
      event.preventDefault();
      if (target?.isConnected) target.focus();
    },
  };
}
