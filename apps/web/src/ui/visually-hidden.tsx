import type { HTMLAttributes } from "react";

/** Text for assistive technology only (labels, live announcements). */
export function VisuallyHidden(props: HTMLAttributes<HTMLSpanElement>) {
  return <span className="sr-only" {...props} />;
}
