import type { LucideIcon } from "lucide-react";
import type { ThemedLandingSlug } from "./landing-slugs";

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

export type LandingContentMap = Partial<Record<ThemedLandingSlug, LandingContent>>;
