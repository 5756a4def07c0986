import {
  Compass,
  EyeOff,
  Globe,
  GraduationCap,
  HeartHandshake,
  Languages,
  MessageCircleHeart,
  Moon,
  Sparkles,
  Users,
} from "lucide-react";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { translate } from "../../../lib/i18n/i18n";
import type { ThemedLandingSlug } from "./landing-slugs";
import type { LandingContent, LandingLayout } from "./landing-types";

/**
 * spec §2 Themed landing pages. Respectful by rule: women are people to talk to, not a product. Issue
 * #39: the words are in the catalogs (`landing.<slug>.…` of src/locales/<lang>/pages.json); here is
 * what does not change with the language: the icon, and where each section's link goes (null: none).
 * Typed as a full Record: a slug added to THEMED_LANDING_SLUGS without its layout fails the typecheck.
 */
export const LANDING_LAYOUT: Record<ThemedLandingSlug, LandingLayout> = {
  "talk-to-random-girls": { icon: MessageCircleHeart, links: [null, null, { href: "/guidelines" }] },
  "desi-global-girls-chat": { icon: Sparkles, links: [null, { href: "/guidelines#not-allowed" }, null] },
  "anonymous-girl-chat": { icon: EyeOff, links: [null, { href: "/privacy#random-chats" }, null] },
  "global-girls-chat-room": { icon: Globe, links: [null, { href: "/guidelines#moderation" }, null] },
  "chat-with-girls-online": { icon: Users, links: [null, null, null] },
  "foreign-girls-chat": { icon: Languages, links: [null, null, { href: "/guidelines#scams" }] },
  "late-night-girl-chat": {
    icon: Moon,
    links: [null, null, { href: "https://findahelpline.com", isExternal: true }],
  },
  "meet-girls-online-chat": {
    icon: HeartHandshake,
    links: [null, null, { href: "/guidelines#safety-tips" }],
  },
  "college-girls-random-chat": { icon: GraduationCap, links: [null, null, null] },
  "chat-with-girls-near-or-far": { icon: Compass, links: [null, null, { href: "/guidelines" }] },
};

/** A themed page's words in the active language. */
export function landingContent(slug: ThemedLandingSlug): LandingContent {
  const { icon, links } = LANDING_LAYOUT[slug];
  const text = (field: string) => translate(`landing.${slug}.${field}` as MessageId);
  return {
    title: text("title"),
    icon,
    eyebrow: text("eyebrow"),
    heading: text("heading"),
    intro: text("intro"),
    sections: links.map((link, index) => ({
      title: text(`section${index + 1}.title`),
      body: text(`section${index + 1}.body`),
      ...(link ? { link: { ...link, label: text(`section${index + 1}.link`) } } : {}),
    })),
  };
}
