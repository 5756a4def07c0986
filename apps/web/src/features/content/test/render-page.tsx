import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";

/** Renders a content page inside a router, as the app shell does (Links need a router). */
export function renderPage(page: ReactElement, path = "/") {
  return render(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);
}
