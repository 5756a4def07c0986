import type { ReactNode } from "react";
import { useT } from "../../../lib/i18n/use-t";

export interface ExternalLinkProps {
  href: string;
  /** The link text (RichText puts it in from a message). */
  children?: ReactNode;
  className?: string;
}

/** A link that leaves Heartline: new tab, no referrer or opener, and says so to screen readers. */
export function ExternalLink({ href, children, className }: ExternalLinkProps) {
  const t = useT();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only">{t("content.newTab")}</span>
    </a>
  );
}
