import { type IconProps, STROKE } from "../../../ui/shell-icons";

// Simple brand glyphs drawn for the footer (lucide ships no brand marks). Decorative: links carry names.

export function XIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...STROKE} {...props}>
      <path d="M4 4l16 16M20 4L4 20" />
    </svg>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...STROKE} {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
    </svg>
  );
}

export function TikTokIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...STROKE} {...props}>
      <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5" />
      <path d="M14 3c.5 2.8 2.4 4.6 5 5" />
    </svg>
  );
}

export function DiscordIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...STROKE} {...props}>
      <path d="M7.5 7.5C9 6.8 10.5 6.5 12 6.5s3 .3 4.5 1l1.5 1.8c1.1 2.2 1.7 4.6 1.8 7.2-1.3 1-2.7 1.7-4.2 2l-1-1.8m-5.2 0-1 1.8c-1.5-.3-2.9-1-4.2-2 .1-2.6.7-5 1.8-7.2z" />
      <circle cx="9.5" cy="13" r="1" fill="currentColor" />
      <circle cx="14.5" cy="13" r="1" fill="currentColor" />
    </svg>
  );
}
