import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Link, Navigate, NavLink, Outlet } from "react-router";
import { useSession } from "../../accounts/hooks/use-session";
import { useAuthModalStore } from "../../accounts/state/auth-modal-store";
import { LogoMark } from "../../layout/components/logo";
import { PageSpinner } from "../../layout/components/page-spinner";
import { GROUP_CHAT_SECTIONS } from "../group-chat-sections";

const TAB_CLASSES =
  "shrink-0 rounded-lg px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500";

function tabClasses({ isActive }: { isActive: boolean }): string {
  return isActive
    ? `${TAB_CLASSES} bg-rose-600 text-white`
    : `${TAB_CLASSES} text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800`;
}

/** Sends a signed-out visitor home and opens the guest modal (spec §2 Protected routes). */
function SignedOutRedirect() {
  const openModal = useAuthModalStore((state) => state.openModal);
  useEffect(() => {
    openModal("guest");
  }, [openModal]);
  return <Navigate to="/" replace />;
}

/**
 * /group-chat and its pages: no site top bar or footer (spec §2), a header bar of their own. Only
 * signed-in people (guests included) get in; the ban and e-mail checks join with those features.
 */
export function GroupChatLayout() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignedOutRedirect />;
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-zinc-200 bg-white/90 backdrop-blur-md dark:border-zinc-800 dark:bg-zinc-950/90">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
          <Link
            to="/"
            aria-label="Heartline home"
            className="inline-flex items-center gap-2 rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500"
          >
            <ArrowLeft aria-hidden="true" className="size-4 text-zinc-500" />
            <LogoMark size="sm" />
          </Link>
          <span className="truncate text-sm text-zinc-600 dark:text-zinc-400">
            Signed in as {user.username}
          </span>
        </div>
        <nav aria-label="Group chat" className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 pb-2">
          {GROUP_CHAT_SECTIONS.map((section) => (
            <NavLink
              key={section.path}
              to={section.path}
              end={section.path === "/group-chat"}
              className={tabClasses}
            >
              {section.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <div className="flex flex-1 flex-col">
        <Outlet />
      </div>
    </div>
  );
}
