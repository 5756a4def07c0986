import type { ComponentType, SVGProps } from "react";
import { Link } from "react-router";
import { useT } from "../../../lib/i18n/use-t";
import { Logo } from "../../../ui/logo";
import { FOOTER_LEGAL_LINKS, FOOTER_QUICK_LINKS, type NavLinkItem } from "../nav-links";
import { DiscordIcon, InstagramIcon, TikTokIcon, XIcon } from "./social-icons";

interface SocialLink {
  network: string;
  href: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** spec §2 Footer social column: four networks. */
export const SOCIAL_LINKS: readonly SocialLink[] = [
  { network: "X", href: "https://x.com/heartlinechat", Icon: XIcon },
  { network: "Instagram", href: "https://www.instagram.com/heartlinechat", Icon: InstagramIcon },
  { network: "TikTok", href: "https://www.tiktok.com/@heartlinechat", Icon: TikTokIcon },
  { network: "Discord", href: "https://discord.gg/heartline", Icon: DiscordIcon },
];

const LINK_CLASSES =
  "rounded text-sm text-zinc-600 transition-colors hover:text-rose-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:text-rose-400";

function LinkColumn({ id, title, links }: { id: string; title: string; links: readonly NavLinkItem[] }) {
  const t = useT();
  const headingId = `footer-${id}`;
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {title}
      </h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={LINK_CLASSES}>
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export interface FooterProps {
  /** Injectable for tests; the copyright shows this date's year. */
  now?: Date;
}

export function Footer({ now = new Date() }: FooterProps) {
  const t = useT();
  return (
    <footer className="border-t border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-zinc-600 dark:text-zinc-400">
            {t("layout.footer.tagline")}
          </p>
        </div>
        <LinkColumn id="quick-links" title={t("layout.footer.quickLinks")} links={FOOTER_QUICK_LINKS} />
        <LinkColumn id="legal" title={t("layout.footer.legal")} links={FOOTER_LEGAL_LINKS} />
        <div>
          <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            {t("layout.footer.follow")}
          </h2>
          <ul className="mt-3 flex gap-2">
            {SOCIAL_LINKS.map(({ network, href, Icon }) => (
              <li key={network}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t("layout.footer.social", { network })}
                  className="inline-flex size-10 items-center justify-center rounded-xl border border-zinc-200 text-zinc-600 transition-colors hover:border-rose-300 hover:text-rose-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-700 dark:text-zinc-300 dark:hover:border-rose-700 dark:hover:text-rose-400"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-zinc-200 dark:border-zinc-800">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-zinc-600 sm:flex-row dark:text-zinc-400">
          <p>{t("layout.footer.love")}</p>
          {/* Prerendered at build time (issue #16): a page built last year hydrates with this year. */}
          <p suppressHydrationWarning>{t("layout.footer.copyright", { year: String(now.getFullYear()) })}</p>
        </div>
      </div>
    </footer>
  );
}
