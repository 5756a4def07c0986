import { LayoutDashboard, MessageCircle, MessagesSquare, Shield, Sparkles, Users } from "lucide-react";
import type { ComponentType, ReactNode, SVGProps } from "react";
import { Link, NavLink } from "react-router";
import { formatBareCount } from "../../../lib/format-bare-count";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { CountBadge } from "../../../ui/count-badge";
import { LogoMark } from "../../../ui/logo";
import { ThemeToggle } from "../../theme";
import { GROUP_CHAT_SECTIONS, GROUP_ROOM_NAME } from "../group-chat-sections";
import { PhoneSectionTabs } from "./phone-section-tabs";

const ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  "/group-chat": MessagesSquare,
  "/group-chat/friends": Users,
  "/group-chat/dm": MessageCircle,
  "/group-chat/confession-wall": Sparkles,
  "/group-chat/dashboard": LayoutDashboard,
  "/group-chat/admin": Shield,
};

const NAV_LINK =
  "inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500";

function navClasses({ isActive }: { isActive: boolean }): string {
  return isActive
    ? `${NAV_LINK} bg-rose-50 text-rose-700 dark:bg-rose-950/60 dark:text-rose-300`
    : `${NAV_LINK} text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white`;
}

/** What a count on a section means, for screen readers ("3 unread messages"). */
const BADGE_LABELS: Record<string, MessageId> = {
  "/group-chat/friends": "group.badge.requests",
  "/group-chat/dm": "group.badge.unread",
};

/** Each section's name in the header (issue #39). */
const SECTION_LABELS: Record<string, MessageId> = {
  "/group-chat": "group.section.group",
  "/group-chat/friends": "group.section.friends",
  "/group-chat/dm": "group.section.messages",
  "/group-chat/confession-wall": "group.section.confessions",
  "/group-chat/dashboard": "group.section.dashboard",
  "/group-chat/admin": "group.section.admin",
};

/** A group chat page in the header's navigation: its icon, `children` as the label, and its count. */
function SectionLink({ path, badge = 0, children }: { path: string; badge?: number; children: ReactNode }) {
  const Icon = ICONS[path] ?? MessagesSquare;
  const t = useT();
  return (
    <NavLink to={path} end={path === "/group-chat"} className={navClasses}>
      <Icon aria-hidden="true" className="size-4" />
      {children}
      <CountBadge count={badge} label={t(BADGE_LABELS[path] ?? "group.badge.new")} />
    </NavLink>
  );
}

export interface GroupChatHeaderProps {
  isAdmin: boolean;
  onlineCount: number;
  isConnected: boolean;
  /** The account control at the right end (the account menu, or a sign-out button). */
  account: ReactNode;
  /** Counts on section links by path: unread messages on "Messages", pending requests on "Friends". */
  badges?: Readonly<Record<string, number>>;
  /** Extra controls before the theme toggle (the add-friend button). */
  actions?: ReactNode;
}

/** spec §2 The group chat layout's header: logo, room, online count, the group pages, the account. */
export function GroupChatHeader({
  isAdmin,
  onlineCount,
  isConnected,
  account,
  badges = {},
  actions,
}: GroupChatHeaderProps) {
  const t = useT();
  const locale = useLocale();
  const sections = GROUP_CHAT_SECTIONS.filter((section) => isAdmin || !section.isAdminOnly).map((section) => {
    const id = SECTION_LABELS[section.path];
    return id ? { ...section, label: t(id) } : section;
  });
  return (
    <header className="z-30 border-b border-zinc-200 bg-white/95 backdrop-blur-md dark:border-zinc-800 dark:bg-zinc-950/95">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-3 sm:px-4">
        <Link
          to="/"
          aria-label={t("layout.home")}
          className="shrink-0 rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500"
        >
          <LogoMark size="sm" />
        </Link>
        <div className="min-w-0">
          <p className="truncate text-sm font-bold text-zinc-900 sm:text-base dark:text-zinc-100">
            {GROUP_ROOM_NAME}
          </p>
          <p
            className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400"
            aria-live="polite"
          >
            <span
              aria-hidden="true"
              className={`inline-block size-2 rounded-full ${isConnected ? "bg-emerald-500" : "bg-zinc-400"}`}
            />
            <span data-testid="group-online-count">
              {isConnected
                ? t("layout.online", { count: formatBareCount(onlineCount, locale) })
                : t("group.connecting")}
            </span>
          </p>
        </div>
        <nav aria-label={t("group.section.group")} className="ms-auto hidden items-center gap-0.5 md:flex">
          {sections.map((section) => (
            <SectionLink key={section.path} path={section.path} badge={badges[section.path]}>
              <span className="hidden lg:inline">{section.label}</span>
              <span className="sr-only lg:hidden">{section.label}</span>
            </SectionLink>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-1 md:ms-2">
          {actions}
          <ThemeToggle />
          {account}
        </div>
      </div>
      <PhoneSectionTabs>
        {sections.map((section) => (
          <SectionLink key={section.path} path={section.path} badge={badges[section.path]}>
            {section.label}
          </SectionLink>
        ))}
      </PhoneSectionTabs>
    </header>
  );
}
