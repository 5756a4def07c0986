import { CONFESSION_ERROR_MESSAGES, CONFESSION_PATHS } from "@heartline/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AccountsHttpServer, startAccountsHttpServer } from "../../../test/accounts-http-server";
import { confession } from "../state/test-confessions";
import { ConfessionComposer } from "./confession-composer";

let api: AccountsHttpServer;

beforeEach(async () => {
  api = await startAccountsHttpServer();
});

afterEach(async () => {
  await api.close();
});

function renderComposer() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfessionComposer />
    </QueryClientProvider>,
  );
}

const posted = () =>
  api.requests
    .filter((request) => request.method === "POST" && request.path === CONFESSION_PATHS.confessions)
    .map((request) => request.body as { id: string; content: string; contentWarning: string | null });

describe("the confession composer", () => {
  it("counts characters as they are typed and shows the server's refusal inline", async () => {
    api.answer(`POST ${CONFESSION_PATHS.confessions}`, 429, {
      error: { code: "rate_limited", message: CONFESSION_ERROR_MESSAGES.tooManyConfessions },
    });
    renderComposer();
    await userEvent.type(screen.getByRole("textbox", { name: "Your confession" }), "I lied");
    expect(screen.getByText("6/1,000")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Post" }));
    expect((await screen.findByRole("alert")).textContent).toBe(CONFESSION_ERROR_MESSAGES.tooManyConfessions);
    expect(screen.getByRole("textbox", { name: "Your confession" })).toHaveProperty("value", "I lied");
  });

  it("retries with the same id until the server has the post, then starts a new one", async () => {
    api.answer(`POST ${CONFESSION_PATHS.confessions}`, 500, {
      error: { code: "internal", message: "Try again." },
    });
    renderComposer();
    const box = screen.getByRole("textbox", { name: "Your confession" });
    await userEvent.type(box, "first");
    await userEvent.click(screen.getByRole("button", { name: "Add content warning" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Content warning" }), "spoilers");
    await userEvent.click(screen.getByRole("button", { name: "Post" }));
    await screen.findByText("Try again.");
    api.answer(`POST ${CONFESSION_PATHS.confessions}`, 201, {
      confession: confession("c1", { isOwn: true }),
    });
    await userEvent.click(screen.getByRole("button", { name: "Post" }));
    await waitFor(() => expect(box).toHaveProperty("value", ""));
    await userEvent.type(box, "second");
    await userEvent.click(screen.getByRole("button", { name: "Post" }));
    await waitFor(() => expect(posted()).toHaveLength(3));
    const [failed, retried, next] = posted();
    expect(retried?.id).toBe(failed?.id);
    expect(next?.id).not.toBe(failed?.id);
    expect(failed).toMatchObject({ content: "first", contentWarning: "spoilers" });
    expect(next).toMatchObject({ content: "second", contentWarning: null });
  });
});
