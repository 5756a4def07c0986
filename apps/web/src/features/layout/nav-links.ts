export interface NavLinkItem {
  to: string;
  label: string;
}

/** spec §2 Top bar links (FAQ is /help). */
export const TOP_BAR_LINKS: readonly NavLinkItem[] = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/leaderboard", label: "Leaderboard" },
  { to: "/help", label: "FAQ" },
  { to: "/guidelines", label: "Guidelines" },
  { to: "/contact", label: "Contact" },
];

/** spec §2 Slide-in mobile menu links. */
export const MOBILE_MENU_LINKS: readonly NavLinkItem[] = [
  { to: "/", label: "Home" },
  { to: "/chat", label: "Chat" },
  { to: "/leaderboard", label: "Leaderboard" },
  { to: "/about", label: "About" },
  { to: "/guidelines", label: "Guidelines" },
  { to: "/contact", label: "Contact" },
];

/** spec §2 The mobile menu's Legal group. */
export const MOBILE_MENU_LEGAL_LINKS: readonly NavLinkItem[] = [
  { to: "/terms", label: "Terms" },
  { to: "/privacy", label: "Privacy" },
  { to: "/cookies", label: "Cookies" },
];

/** spec §2 Footer Quick Links column. */
export const FOOTER_QUICK_LINKS: readonly NavLinkItem[] = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/guidelines", label: "Guidelines" },
  { to: "/help", label: "FAQ" },
];

/** spec §2 Footer Legal column. */
export const FOOTER_LEGAL_LINKS: readonly NavLinkItem[] = [
  { to: "/terms", label: "Terms of Service" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/cookies", label: "Cookie Policy" },
];
