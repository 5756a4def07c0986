import { lazy, Suspense } from "react";
import { Outlet, useLocation, useNavigation } from "react-router";
import { useT } from "../../../lib/i18n/use-t";
import { AppNavigateFromRouter } from "../../../ui/app-navigate-from-router";
import { Island } from "../../../ui/island";
import { PageSpinner } from "../../../ui/page-spinner";
import { AuthModals } from "../../accounts";
import { LazyLeaveChatGuard } from "../../random-chat";
import { useApplyTheme } from "../../theme";
import { useRouteFocus } from "../hooks/use-route-focus";
import { useRouteReporting } from "../hooks/use-route-reporting";
import { layoutForPath } from "../layout-rules";
import { TopBar } from "./top-bar";

// Below the fold on every page that has it: it loads after the first render, outside the landing
// page's initial JavaScript (appended at the bottom, it shifts nothing above it).
const Footer = lazy(() => import("./footer").then((module) => ({ default: module.Footer })));

/**
 * The layout's effects that read stores, in a leaf of their own: the socket's arrival (its module loads
 * after the page) and the theme's end of hydration re-render this, not the whole page under the layout.
 * Each was a full re-render of `/chat` in a long task of its own after hydration (B6, issue #36).
 */
function LayoutEffects(): null {
  useApplyTheme();
  useRouteReporting();
  return null;
}

/** The layout of every route: top bar and footer per spec §2's rules, and the app-wide modals. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { topBar, hasFooter } = layoutForPath(pathname);
  const t = useT();
  useRouteFocus(pathname);

  // Routes have no loaders, so "loading" means the next page's lazy module is on its way.
  const isLoadingPage = navigation.state === "loading";

  return (
    <AppNavigateFromRouter>
      <LayoutEffects />
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main-content"
          className="sr-only z-[70] rounded-lg bg-rose-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
        >
          {t("layout.skip")}
        </a>
        {topBar === "none" ? null : <TopBar mode={topBar} />}
        <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
          {isLoadingPage ? <PageSpinner /> : <Outlet />}
        </main>
        {hasFooter ? (
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        ) : null}
        <Island name="auth-modals">
          <AuthModals />
        </Island>
        {pathname === "/chat" ? (
          <Suspense fallback={null}>
            <LazyLeaveChatGuard />
          </Suspense>
        ) : null}
      </div>
    </AppNavigateFromRouter>
  );
}
