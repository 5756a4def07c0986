import type { LucideIcon } from "lucide-react";

export interface LandingLink {
  /** An app path ("/guidelines#crisis") or, with isExternal, a full address. */
  href: string;
  label: string;
  isExternal?: boolean;
}

export interface LandingSection {
  title: string;
  body: string;
  link?: LandingLink;
}

export interface LandingContent {
  /** Tab title, shorter than the heading. */
  title: string;
  icon: LucideIcon;
  eyebrow: string;
  heading: string;
  intro: string;
  /** Two or three short sections tailored to the topic. */
  sections: readonly LandingSection[];
}

/** What a themed page keeps whatever the language: its icon and its sections' link targets. */
export interface LandingLayout {
  icon: LucideIcon;
  /** One per section (two or three): where its link goes, or null when it has none. */
  links: readonly (Omit<LandingLink, "label"> | null)[];
}
