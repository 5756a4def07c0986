import { MoreVertical } from "lucide-react";
import { type ComponentType, type SVGProps, useCallback, useId, useRef, useState } from "react";
import { useMenuKeys } from "./use-menu-keys";

export interface ActionMenuItem {
  label: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  onSelect: () => void;
  /** A destructive action (block) is tinted. */
  isDanger?: boolean;
}

export interface ActionMenuProps {
  /** The trigger's accessible name ("Options for Sam"). */
  label: string;
  items: readonly ActionMenuItem[];
  /** Where the panel opens relative to the trigger. */
  align?: "left" | "right";
  triggerClassName?: string;
}

const ITEM =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800";
const TRIGGER =
  "inline-flex size-9 items-center justify-center rounded-xl text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white";

/**
 * A "more" menu: a disclosure like the account menu (`useMenuKeys`: the focus opens on the first item,
 * arrow keys move between items, Escape and an outside click close it, the focus returns to the trigger).
 */
export function ActionMenu({ label, items, align = "right", triggerClassName = TRIGGER }: ActionMenuProps) {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLUListElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useMenuKeys({ isOpen, panelRef, triggerRef: buttonRef, rootRef, close });

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
        className={triggerClassName}
      >
        <MoreVertical aria-hidden="true" className="size-4" />
      </button>
      {isOpen ? (
        <ul
          id={panelId}
          ref={panelRef}
          className={`absolute z-40 mt-1 w-52 animate-fade-in rounded-xl border border-zinc-200 bg-white p-1.5 shadow-xl dark:border-zinc-800 dark:bg-zinc-900 ${align === "right" ? "right-0" : "left-0"}`}
        >
          {items.map((item) => {
            const Icon = item.icon;
            return (
              <li key={item.label}>
                <button
                  type="button"
                  className={`${ITEM} ${item.isDanger ? "text-rose-700 dark:text-rose-300" : "text-zinc-800 dark:text-zinc-200"}`}
                  onClick={() => {
                    setOpen(false);
                    buttonRef.current?.focus();
                    item.onSelect();
                  }}
                >
                  {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
                  {item.label}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
