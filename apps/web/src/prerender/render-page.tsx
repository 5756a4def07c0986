import type { SiteLocale } from "@heartline/shared";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { createMemoryRouter } from "react-router";
import { App } from "../app/app";
import { createQueryClient } from "../app/query-client";
import { routerReady } from "../app/router-ready";
import { activateLocale, translate } from "../lib/i18n/i18n";
import { PrerenderedTitleContext } from "../lib/use-document-title";
import { createAppRoutes } from "../routes/router";

export { PRERENDERED_PATHS, SIGNED_OUT_APP_PATHS, TRANSLATED_PATHS } from "./prerendered-paths";

export interface PrerenderedPage {
  /** The markup that goes inside `#root`. */
  html: string;
  /** The `<title>` the page sets, or null when it leaves the shell's. */
  title: string | null;
  /** The shell's own title and description in the page's language (issue #39; English: the shell's). */
  shell: { title: string; description: string };
}

/**
 * Renders one public page as a signed-out visitor with no stored preferences sees it, through the same
 * App the browser runs elsewhere (apps/web/build/prerender.ts runs this at build time in Node); in the
 * browser only the page's islands hydrate (issue #36, src/islands/). The page's lazy route module is
 * loaded first, and `prerender` waits for every lazy component (the footer), so the markup is complete.
 */
export async function renderPage(pathname: string, locale: SiteLocale = "en"): Promise<PrerenderedPage> {
  // Issue #39: the page in one language (the build renders each in a module runner of its own).
  await activateLocale(locale);
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [pathname] });
  try {
    await routerReady(router);
    const collected: { title?: string } = {};
    const { prelude } = await prerender(
      <StrictMode>
        <PrerenderedTitleContext value={collected}>
          <App queryClient={createQueryClient()} router={router} hasStartupScreen={false} />
        </PrerenderedTitleContext>
      </StrictMode>,
      // Every boundary inline, however large the page: an outlined one is revealed by an inline script,
      // which the CSP (script-src 'self') blocks, and which a visitor without JavaScript never runs.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return {
      html: await new Response(prelude).text(),
      title: collected.title ?? null,
      shell: { title: translate("meta.title"), description: translate("meta.description") },
    };
  } finally {
    router.dispose();
  }
}
