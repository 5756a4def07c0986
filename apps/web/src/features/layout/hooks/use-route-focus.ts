import { useEffect, useRef } from "react";

/** How long a lazy page has to show its heading before the focus stays where it is. */
const WAIT_MS = 5_000;

const isShown = (element: HTMLElement) => element.getClientRects().length > 0;

/** A heading marked as the route's own (a DM thread's partner name), which wins over the page's h1. */
function markedHeading(): HTMLElement | null {
  return [...document.querySelectorAll<HTMLElement>("main [data-route-heading]")].find(isShown) ?? null;
}

/** The page's heading: the marked one, else the first shown h1. */
function pageHeading(): HTMLElement | null {
  return markedHeading() ?? [...document.querySelectorAll<HTMLElement>("main h1")].find(isShown) ?? null;
}

/**
 * The page (or a dialog, or the user) put the focus somewhere on purpose since the route changed: a
 * text box, another element than the one that had it, or an open dialog.
 */
function isFocusTaken(before: Element | null): boolean {
  const active = document.activeElement;
  if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) return true;
  if (active && active !== before && active !== document.body) return true;
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * issue #38: after a route change the focus goes to the new page's main heading (made focusable with
 * `tabindex="-1"`), so a keyboard or screen-reader user starts at the top of what just opened instead
 * of on a link that is gone. Not on the first load, and not when the page or a dialog took it.
 */
export function useRouteFocus(pathname: string): void {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const before = document.activeElement;
    const deadline = performance.now() + WAIT_MS;
    let frame = 0;
    const focus = (heading: HTMLElement) => {
      if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    };
    // A marked heading that shows later (the thread loads after the list's h1) still takes the focus
    // from the h1 given meanwhile, as long as nothing else moved it.
    const awaitMarked = (given: HTMLElement) => {
      if (document.activeElement !== given || performance.now() > deadline) return;
      const marked = markedHeading();
      if (marked) focus(marked);
      else frame = requestAnimationFrame(() => awaitMarked(given));
    };
    const focusHeading = () => {
      if (isFocusTaken(before)) return;
      const heading = pageHeading();
      if (!heading) {
        if (performance.now() < deadline) frame = requestAnimationFrame(focusHeading);
        return;
      }
      focus(heading);
      if (!heading.hasAttribute("data-route-heading"))
        frame = requestAnimationFrame(() => awaitMarked(heading));
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
