import type { HTMLAttributes } from "react";

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** Render as a section/article/li when the card is a landmark or list item. */
  as?: "div" | "section" | "article" | "li";
}

const CARD_CLASSES =
  "rounded-2xl border border-zinc-200 bg-white p-6 text-zinc-900 shadow-sm " +
  "dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100";

export function Card({ as: Tag = "div", className, ...rest }: CardProps) {
  return <Tag className={className ? `${CARD_CLASSES} ${className}` : CARD_CLASSES} {...rest} />;
}
