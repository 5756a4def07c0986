import { genderColour } from "@heartline/shared";
import type { CSSProperties, ReactNode } from "react";

/**
 * Issue #38: an avatar circled in its person's gender colour (spec §3 Gender colours), with the light
 * and dark shades from the shared table as CSS variables (as `GenderName` does for names).
 */
export function GenderRing({ gender, children }: { gender: string | null | undefined; children: ReactNode }) {
  const colour = genderColour(gender);
  const style = { "--ring-tint": colour.light, "--ring-tint-dark": colour.dark } as CSSProperties;
  return (
    <span
      data-gender-ring={colour.name}
      style={style}
      className="inline-flex shrink-0 rounded-full ring-2 ring-(--ring-tint) ring-offset-2 ring-offset-white dark:ring-(--ring-tint-dark) dark:ring-offset-zinc-900"
    >
      {children}
    </span>
  );
}
