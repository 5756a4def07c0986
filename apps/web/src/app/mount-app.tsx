import { ROOT_ELEMENT_MISSING_MESSAGE } from "@heartline/shared";
import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createAppRouter } from "../routes/router";
import { App } from "./app";
import { createQueryClient } from "./query-client";

/** Renders the app into `#root`; spec §8: start-up fails with 'Failed to find the root element'. */
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
