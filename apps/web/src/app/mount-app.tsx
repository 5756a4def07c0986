import { ROOT_ELEMENT_MISSING_MESSAGE } from "@heartline/shared";
import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createAppRouter } from "../routes/router";
import { App } from "./app";
import { createQueryClient } from "./query-client";

/**
 * Renders the app into `#root` from scratch, behind the start-up loading screen; spec §8: start-up
 * fails with 'Failed to find the root element'. The app's shell (index.html) is the only page that
 * runs this: a prerendered public page runs src/public-entry.tsx and hydrates its islands instead
 * (issue #36), so no prerendered markup is ever hydrated by the app.
 */
export function mountApp(doc: Document): Root {
  const container = doc.getElementById("root");
  if (!container) throw new Error(ROOT_ELEMENT_MISSING_MESSAGE);
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <App queryClient={createQueryClient()} router={createAppRouter()} />
    </StrictMode>,
  );
  return root;
}
