import { Outlet, useLocation, useNavigation } from "react-router";
import { AuthModals } from "../../accounts/components/auth-modals";
import { LeaveChatGuard } from "../../random-chat/components/leave-chat-guard";
import { useApplyTheme } from "../../theme/hooks/use-apply-theme";
import { useRouteReporting } from "../hooks/use-route-reporting";
import { layoutForPath } from "../layout-rules";
import { Footer } from "./footer";
import { PageSpinner } from "./page-spinner";
import { TopBar } from "./top-bar";

/** The layout of every route: top bar and footer per spec §2's rules, and the app-wide modals. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { topBar, hasFooter } = layoutForPath(pathname);
  useApplyTheme();
  useRouteReporting();

  // Routes have no loaders, so "loading" means the next page's lazy module is on its way.
  const isLoadingPage = navigation.state === "loading";

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-[70] rounded-lg bg-rose-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {topBar === "none" ? null : <TopBar mode={topBar} />}
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {isLoadingPage ? <PageSpinner /> : <Outlet />}
      </main>
      {hasFooter ? <Footer /> : null}
      <AuthModals />
      <LeaveChatGuard />
    </div>
  );
}
