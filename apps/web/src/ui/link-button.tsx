import { Link, type LinkProps } from "react-router";
import { type ButtonSize, type ButtonVariant, buttonClasses } from "./button";

export interface LinkButtonProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export function LinkButton({ variant = "primary", size = "md", className, ...rest }: LinkButtonProps) {
  const classes = buttonClasses(variant, size);
  return <Link className={className ? `${classes} ${className}` : classes} {...rest} />;
}
