import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useT } from "../../../lib/i18n/use-t";
import { useScrollEdges } from "../../../ui/use-scroll-edges";

const FADE =
  "pointer-events-none absolute inset-y-0 flex w-10 items-center text-zinc-500 transition-opacity duration-150 motion-reduce:transition-none dark:text-zinc-400";

const SIDES = {
  before: {
    Icon: ChevronLeft,
    classes: "start-0 justify-start bg-gradient-to-r rtl:bg-gradient-to-l ps-0.5",
  },
  after: {
    Icon: ChevronRight,
    classes: "end-0 justify-end bg-gradient-to-l rtl:bg-gradient-to-r pe-0.5",
  },
} as const;

/** A fade with a chevron over one edge of the row, shown while tabs hide past that edge. */
function EdgeHint({ side, isShown }: { side: keyof typeof SIDES; isShown: boolean }) {
  const { Icon, classes } = SIDES[side];
  return (
    <span
      aria-hidden="true"
      data-testid={`tabs-more-${side}`}
      className={`${FADE} ${classes} from-white from-40% to-transparent dark:from-zinc-950 ${isShown ? "opacity-100" : "opacity-0"}`}
    >
      <Icon className="size-4 rtl:-scale-x-100" />
    </span>
  );
}

/** Scrolls the row (only the row, never the page) so that `tab` sits in its middle. */
function centreTab(tab: HTMLElement) {
  const row = tab.closest("nav");
  if (!row) return;
  const rowBox = row.getBoundingClientRect();
  const tabBox = tab.getBoundingClientRect();
  row.scrollLeft += tabBox.left - rowBox.left - (rowBox.width - tabBox.width) / 2;
}

/**
 * Issue #14: the group pages on a phone, one row that scrolls sideways. A fade with a chevron shows at
 * an edge while tabs hide past it; the current page's tab is scrolled into view on every visit, and so
 * is a tab reached with the keyboard.
 */
export function PhoneSectionTabs({ children }: { children: ReactNode }) {
  const scroller = useRef<HTMLElement>(null);
  const { hasBefore, hasAfter } = useScrollEdges(scroller);
  const { pathname } = useLocation();
  const t = useT();

  // pathname: re-run on every navigation, after NavLink has moved aria-current.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect reads the DOM the route changed
  useLayoutEffect(() => {
    const current = scroller.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (current) centreTab(current);
  }, [pathname]);

  return (
    <div
      className="relative border-t border-zinc-100 md:hidden dark:border-zinc-900"
      data-more-before={hasBefore}
      data-more-after={hasAfter}
    >
      <nav
        ref={scroller}
        aria-label={t("group.pages")}
        // Keyboard users reach every tab: the focused one is brought into view like the current one.
        onFocus={(event) => centreTab(event.target)}
        className="flex gap-0.5 overflow-x-auto scroll-px-10 px-2 py-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {children}
      </nav>
      <EdgeHint side="before" isShown={hasBefore} />
      <EdgeHint side="after" isShown={hasAfter} />
    </div>
  );
}
