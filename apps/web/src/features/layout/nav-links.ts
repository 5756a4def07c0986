import type { MessageId } from "../../lib/i18n/catalogs";

export interface NavLinkItem {
  to: string;
  /** The link's words, in the catalogs (issue #39). */
  label: MessageId;
}

/** spec §2 Top bar links (FAQ is /help). */
export const TOP_BAR_LINKS: readonly NavLinkItem[] = [
  { to: "/", label: "layout.link.home" },
  { to: "/about", label: "layout.link.about" },
  { to: "/leaderboard", label: "layout.link.leaderboard" },
  { to: "/help", label: "layout.link.faq" },
  { to: "/guidelines", label: "layout.link.guidelines" },
  { to: "/contact", label: "layout.link.contact" },
];

/** spec §2 Slide-in mobile menu links. */
export const MOBILE_MENU_LINKS: readonly NavLinkItem[] = [
  { to: "/", label: "layout.link.home" },
  { to: "/chat", label: "layout.link.chat" },
  { to: "/leaderboard", label: "layout.link.leaderboard" },
  { to: "/about", label: "layout.link.about" },
  { to: "/guidelines", label: "layout.link.guidelines" },
  { to: "/contact", label: "layout.link.contact" },
];

/** spec §2 The mobile menu's Legal group. */
export const MOBILE_MENU_LEGAL_LINKS: readonly NavLinkItem[] = [
  { to: "/terms", label: "layout.link.terms" },
  { to: "/privacy", label: "layout.link.privacy" },
  { to: "/cookies", label: "layout.link.cookies" },
];

/** spec §2 Footer Quick Links column. */
export const FOOTER_QUICK_LINKS: readonly NavLinkItem[] = [
  { to: "/", label: "layout.link.home" },
  { to: "/about", label: "layout.link.about" },
  { to: "/guidelines", label: "layout.link.guidelines" },
  { to: "/help", label: "layout.link.faq" },
];

/** spec §2 Footer Legal column. */
export const FOOTER_LEGAL_LINKS: readonly NavLinkItem[] = [
  { to: "/terms", label: "layout.link.termsOfService" },
  { to: "/privacy", label: "layout.link.privacyPolicy" },
  { to: "/cookies", label: "layout.link.cookiePolicy" },
];
