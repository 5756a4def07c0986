import { genderColour } from "@heartline/shared";
import type { CSSProperties, ReactNode } from "react";

export interface GenderNameProps {
  gender: string | null | undefined;
  className?: string;
  children: ReactNode;
  testId?: string;
}

/**
 * A username in its gender colour (spec §3 Gender colours). The colours come from the shared table
 * as CSS variables, like the avatar's, so light and dark themes each get their own shade.
 */
export function GenderName({ gender, className = "", children, testId }: GenderNameProps) {
  const colour = genderColour(gender);
  const style = { "--name-tint": colour.light, "--name-tint-dark": colour.dark } as CSSProperties;
  return (
    <span
      data-testid={testId}
      data-gender-colour={colour.name}
      style={style}
      className={`text-(--name-tint) dark:text-(--name-tint-dark) ${className}`}
    >
      {children}
    </span>
  );
}
