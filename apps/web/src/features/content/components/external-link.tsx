import type { ReactNode } from "react";

export interface ExternalLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
}

/** A link that leaves Heartline: new tab, no referrer or opener, and says so to screen readers. */
export function ExternalLink({ href, children, className }: ExternalLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
