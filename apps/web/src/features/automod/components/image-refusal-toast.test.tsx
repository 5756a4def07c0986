import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  AUTOMOD_BLOCKED_CODE,
  AUTOMOD_MESSAGES,
  AUTOMOD_PATHS,
  automodImageMessage,
} from "@heartline/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
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
    act(() => showImageRefusal(automodImageMessage(), "profile"));
    expect(await screen.findByText(automodImageMessage())).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Ask for review" }));
    expect(await screen.findByText(AUTOMOD_MESSAGES.imageReviewRequested)).toBeTruthy();
    expect(bodies).toEqual([{ image: "profile" }]);

    act(() => showImageRefusal(automodImageMessage(), "banner"));
    const [again] = await screen.findAllByRole("button", { name: "Ask for review" });
    await userEvent.click(again as HTMLElement);
    expect(await screen.findByText(AUTOMOD_MESSAGES.imageReviewAlreadyRequested)).toBeTruthy();
    expect(bodies).toEqual([{ image: "profile" }, { image: "banner" }]);
  });
});
