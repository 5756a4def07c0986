import type { SVGProps } from "react";

// The few icons of the always-loaded shell (logo, menu, theme, reload), drawn in lucide's style
// (24 px grid, 2 px round strokes) so lucide's runtime stays out of the landing page's initial
// JavaScript; pages and dialogs use lucide-react. Decorative: the surrounding control names them.
export type IconProps = SVGProps<SVGSVGElement>;

/** lucide-style strokes, shared by every hand-drawn icon. */
export const STROKE: IconProps = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
};

/** A heart crossed by a pulse line: Heartline's mark (same drawing as public/heartline.svg). */
export function HeartlineIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...STROKE} {...props}>
      <path d="M12 20.5s-8.5-4.9-8.5-11.2A4.8 4.8 0 0 1 12 6.2a4.8 4.8 0 0 1 8.5 3.1c0 6.3-8.5 11.2-8.5 11.2z" />
      <path d="M3.5 12.5h4l1.6-3 2.3 6 1.7-4h7.4" />
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...STROKE} {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function SunIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...STROKE} {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

export function MoonIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...STROKE} {...props}>
      <path d="M20.5 14.2A8.5 8.5 0 1 1 9.8 3.5a6.6 6.6 0 0 0 10.7 10.7z" />
    </svg>
  );
}

export function ReloadIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...STROKE} {...props}>
      <path d="M20 11a8 8 0 1 0-2.3 5.7" />
      <path d="M20 4v7h-7" />
    </svg>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...STROKE} {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
    </svg>
  );
}
