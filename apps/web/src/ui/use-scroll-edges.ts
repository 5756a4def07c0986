import { type RefObject, useEffect, useState } from "react";

export interface ScrollEdges {
  /** Content hidden before the start (left in LTR). */
  hasBefore: boolean;
  /** Content hidden past the end. */
  hasAfter: boolean;
}

/** A pixel of slack: sub-pixel widths at a device scale of 2 or 3 never quite reach the end. */
const SLACK_PX = 1;

/** Issue #14: whether a horizontal scroller has more to show on either side, kept current on scroll, resize and content changes. */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ hasBefore: false, hasAfter: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const start = Math.abs(element.scrollLeft);
      const hasBefore = start > SLACK_PX;
      const hasAfter = start + element.clientWidth < element.scrollWidth - SLACK_PX;
      setEdges((current) =>
        current.hasBefore === hasBefore && current.hasAfter === hasAfter ? current : { hasBefore, hasAfter },
      );
    };
    element.addEventListener("scroll", measure, { passive: true });
    measure();
    // The web font changes every tab's width once it arrives.
    void document.fonts?.ready.then(measure);
    window.addEventListener("resize", measure);
    // Tabs added, removed or relabelled (an admin's extra tab, a count badge) change the width too.
    const changes = new MutationObserver(measure);
    changes.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      element.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
      changes.disconnect();
    };
  }, [ref]);
  return edges;
}
