import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  AUTOMOD_BLOCKED_CODE,
  AUTOMOD_MESSAGES,
  AUTOMOD_PATHS,
  automodImageMessage,
} from "@heartline/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "react-hot-toast";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, apiConfig } from "../../../lib/http-client";
import { ProfileImageError } from "../../../lib/image/profile-image-error";
import { isAutomodRefusal, showImageRefusal } from "./image-refusal-toast";

let api: Server | undefined;
const bodies: unknown[] = [];

afterEach(async () => {
  await new Promise((resolve) => (api ? api.close(resolve) : resolve(undefined)));
  api = undefined;
  bodies.length = 0;
  apiConfig.baseUrl = "";
});

/** An HTTP API that takes the first review (201) and refuses the next as asked before (409). */
async function startApi(): Promise<void> {
  api = createServer((request, response) => {
    if (request.url !== AUTOMOD_PATHS.reviews || request.method !== "POST") {
      return void response.writeHead(404).end();
    }
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      bodies.push(JSON.parse(raw));
      const first = bodies.length === 1;
      response
        .writeHead(first ? 201 : 409, { "Content-Type": "application/json" })
        .end(
          JSON.stringify(
            first
              ? { reportId: "r-1" }
              : { error: { code: "conflict", message: AUTOMOD_MESSAGES.imageReviewAlreadyRequested } },
          ),
        );
    });
  });
  await new Promise<void>((resolve) => api?.listen(0, "127.0.0.1", resolve));
  apiConfig.baseUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
}

function renderToaster() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe("an image AutoMod refused (issue #15)", () => {
  it("tells AutoMod's refusal from other upload failures", () => {
    expect(isAutomodRefusal(new ApiError(422, automodImageMessage(), AUTOMOD_BLOCKED_CODE))).toBe(true);
    expect(isAutomodRefusal(new ProfileImageError(automodImageMessage(), AUTOMOD_BLOCKED_CODE))).toBe(true);
    expect(isAutomodRefusal(new ApiError(413, "Too large", "bad_request"))).toBe(false);
    expect(isAutomodRefusal(new ProfileImageError("Upload failed."))).toBe(false);
    expect(isAutomodRefusal(null)).toBe(false);
  });

  it("shows the rule with 'Ask for review'; the first ask is taken, a second shows the server's text", async () => {
    await startApi();
    renderToaster();
    // A rule name no other file's refusal carries: a toast another test file of this worker raised late
    // (one jsdom per worker) cannot be the one found here.
    const message = automodImageMessage("A rule only this test names");
    act(() => showImageRefusal(message, "profile"));
    expect(await screen.findByText(message)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Ask for review" }));
    expect(await screen.findByText(AUTOMOD_MESSAGES.imageReviewRequested)).toBeTruthy();
    expect(bodies).toEqual([{ image: "profile" }]);

    act(() => showImageRefusal(message, "banner"));
    // Two toasts of this test now; only the new one still offers the ask (its text and button share a parent).
    await expect.poll(() => screen.getAllByText(message).length).toBe(2);
    const asks = screen
      .getAllByText(message)
      .map((text) =>
        within(text.parentElement as HTMLElement).queryByRole("button", { name: "Ask for review" }),
      )
      .filter((button) => button !== null);
    expect(asks).toHaveLength(1);
    await userEvent.click(asks[0] as HTMLElement);
    expect(await screen.findByText(AUTOMOD_MESSAGES.imageReviewAlreadyRequested)).toBeTruthy();
    expect(bodies).toEqual([{ image: "profile" }, { image: "banner" }]);
  });
});
