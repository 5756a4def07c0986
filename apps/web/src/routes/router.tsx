import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { THEMED_LANDING_SLUGS } from "../features/content";
import { RootLayout, RouteError } from "../features/layout";
import { loadChatCatalog } from "../lib/i18n/i18n";

// The start-up loading screen (App) covers the first load, so the router itself renders nothing then.
function HydrateFallback() {
  return null;
}

/** Issue #39: a page that shows the "chat" catalog's words at once renders when they are in too. */
const withChatCatalog =
  <T,>(lazy: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([lazy(), loadChatCatalog()]))[0];

/** /group-chat/dm and /group-chat/dm/:partnerId: one page shows the list and the open thread. */
const directMessagesPage: RouteObject["lazy"] = async () => ({
  Component: (await import("../features/direct-messages/pages/direct-messages-page")).DirectMessagesPage,
});

/** Every route of spec §2. Each page is its own lazily loaded chunk (spec §2: pages load lazily). */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      id: "root",
      Component: RootLayout,
      HydrateFallback,
      ErrorBoundary: RouteError,
      children: [
        {
          index: true,
          lazy: async () => ({ Component: (await import("../features/home/pages/home-page")).HomePage }),
        },
        {
          path: "chat",
          lazy: async () => ({
            Component: (await import("../features/random-chat/pages/chat-page")).ChatPage,
          }),
        },
        {
          path: "about",
          lazy: async () => ({ Component: (await import("../features/content/pages/about-page")).AboutPage }),
        },
        {
          path: "guidelines",
          lazy: async () => ({
            Component: (await import("../features/content/pages/guidelines-page")).GuidelinesPage,
          }),
        },
        {
          path: "settings",
          lazy: withChatCatalog(async () => ({
            Component: (await import("../features/settings/pages/settings-page")).SettingsPage,
          })),
        },
        {
          path: "help",
          lazy: async () => ({ Component: (await import("../features/content/pages/help-page")).HelpPage }),
        },
        {
          path: "terms",
          lazy: async () => ({ Component: (await import("../features/content/pages/terms-page")).TermsPage }),
        },
        {
          path: "privacy",
          lazy: async () => ({
            Component: (await import("../features/content/pages/privacy-page")).PrivacyPage,
          }),
        },
        {
          path: "cookies",
          lazy: async () => ({
            Component: (await import("../features/content/pages/cookies-page")).CookiesPage,
          }),
        },
        {
          path: "contact",
          lazy: async () => ({
            Component: (await import("../features/content/pages/contact-page")).ContactPage,
          }),
        },
        {
          path: "debug",
          lazy: async () => ({ Component: (await import("../features/debug/pages/debug-page")).DebugPage }),
        },
        {
          path: "leaderboard",
          lazy: withChatCatalog(async () => ({
            Component: (await import("../features/leaderboard/pages/leaderboard-page")).LeaderboardPage,
          })),
        },
        ...THEMED_LANDING_SLUGS.map(
          (slug): RouteObject => ({
            path: slug,
            lazy: async () => {
              const { ThemedLandingPage } = await import("../features/content/pages/themed-landing-page");
              return { element: <ThemedLandingPage slug={slug} /> };
            },
          }),
        ),
        {
          path: "group-chat",
          // spec §4 The group-chat guard (signed in; an e-mail account must be verified) wraps the layout.
          lazy: withChatCatalog(async () => ({
            Component: (await import("../features/group-chat/pages/group-chat-shell-page"))
              .GroupChatShellPage,
          })),
          children: [
            {
              index: true,
              lazy: async () => ({
                Component: (await import("../features/group-chat/pages/group-chat-page")).GroupChatPage,
              }),
            },
            {
              path: "friends",
              lazy: async () => ({
                Component: (await import("../features/friends/pages/friends-page")).FriendsPage,
              }),
            },
            { path: "dm", lazy: directMessagesPage },
            { path: "dm/:partnerId", lazy: directMessagesPage },
            {
              path: "admin",
              lazy: async () => ({
                Component: (await import("../features/moderation/pages/admin-page")).AdminPage,
              }),
            },
            {
              path: "admin/automod",
              lazy: async () => ({
                Component: (await import("../features/moderation/pages/automod-page")).AutomodPage,
              }),
            },
            {
              path: "confession-wall",
              lazy: async () => ({
                Component: (await import("../features/confessions/pages/confession-wall-page"))
                  .ConfessionWallPage,
              }),
            },
            {
              path: "dashboard",
              lazy: async () => ({
                Component: (await import("../features/profiles/pages/dashboard-page")).DashboardPage,
              }),
            },
          ],
        },
        {
          path: "*",
          lazy: async () => ({
            Component: (await import("../features/layout/pages/not-found-page")).NotFoundPage,
          }),
        },
      ],
    },
  ];
}

/**
 * The loaders of the page modules of the routes that match `pathname`, which the router calls when it
 * starts. Called a task before the router is made, they let the route chunks' modulepreload links go
 * in then (~50 ms on a phone for /chat's thirty-odd chunks), not in the router's first task (issue
 * #36); the router's own call finds the modules on their way.
 */
export function routeModuleLoaders(pathname: string): (() => Promise<unknown>)[] {
  return (matchRoutes(createAppRoutes(), pathname) ?? []).flatMap(({ route }) => {
    const { lazy } = route;
    return typeof lazy === "function" ? [() => lazy()] : [];
  });
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;
