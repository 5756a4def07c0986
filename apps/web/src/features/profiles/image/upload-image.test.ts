import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AUTOMOD_BLOCKED_CODE, automodImageMessage, PROFILE_UPLOAD_MESSAGES } from "@heartline/shared";
import { afterEach, describe, expect, it } from "vitest";
import { PAGE_VIEW_ENDPOINT } from "../../../lib/analytics";
import { ApiError, apiConfig } from "../../../lib/http-client";
import { ProfileImageError } from "../../../lib/image/profile-image-error";
import { TaskCanceledError, TaskTimeoutError } from "../../../lib/image/with-timeout-and-retries";
import { uploadErrorMessage, uploadProfileImage } from "./upload-image";

let api: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => (api ? api.close(resolve) : resolve(undefined)));
  api = undefined;
  apiConfig.baseUrl = "";
});

interface Answer {
  status: number;
  body: unknown;
}

/** A real HTTP server answering each POST with the next scripted answer; records what arrived. */
async function startUploadApi(answers: Answer[]) {
  const received: { url: string; contentType: string; bytes: number }[] = [];
  api = createServer((request, response) => {
    // jsdom's XMLHttpRequest applies CORS like a browser: the page origin differs from this server's.
    response.setHeader("Access-Control-Allow-Origin", request.headers.origin ?? "*");
    response.setHeader("Access-Control-Allow-Credentials", "true");
    // An upload progress listener makes a cross-origin request preflighted; the app itself is same-origin.
    if (request.method === "OPTIONS") {
      response.setHeader("Access-Control-Allow-Methods", "POST");
      response.setHeader("Access-Control-Allow-Headers", "Accept");
      return void response.writeHead(204).end();
    }
    // A page view an earlier file's route change sent late (the web project shares one jsdom per worker)
    // reaches whichever API the base URL names then: it is not an upload (issue #37, seen at 3 workers).
    if (request.url === PAGE_VIEW_ENDPOINT) return void response.writeHead(204).end();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        url: request.url ?? "",
        contentType: request.headers["content-type"] ?? "",
        bytes: Buffer.concat(chunks).length,
      });
      const answer = answers[Math.min(received.length - 1, answers.length - 1)] ?? {
        status: 500,
        body: null,
      };
      response
        .writeHead(answer.status, { "Content-Type": "application/json" })
        .end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => api?.listen(0, "127.0.0.1", resolve));
  apiConfig.baseUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  return { received };
}

const USER = { id: "u1", username: "maya", profileImage: "/uploads/u1/profile/a.jpg" };
const picture = () => new File([new Uint8Array(64)], "me.jpg", { type: "image/jpeg" });

describe("uploadProfileImage (spec §5, §8 Profile upload, §9 2 retries)", () => {
  it("posts the picture as multipart field `file` to the avatar or banner path", async () => {
    const { received } = await startUploadApi([{ status: 200, body: { user: USER } }]);
    await expect(uploadProfileImage("avatar", picture())).resolves.toMatchObject(USER);
    await uploadProfileImage("banner", picture());
    expect(received.map((entry) => entry.url)).toEqual(["/api/users/me/avatar", "/api/users/me/banner"]);
    expect(received[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0]?.bytes).toBeGreaterThan(64);
  });

  it("retries a server error twice, then succeeds", async () => {
    const { received } = await startUploadApi([
      { status: 500, body: { error: { code: "internal", message: "boom" } } },
      { status: 503, body: null },
      { status: 200, body: { user: USER } },
    ]);
    await expect(uploadProfileImage("avatar", picture())).resolves.toMatchObject(USER);
    expect(received).toHaveLength(3);
  });

  it("gives up after three server errors with 'Failed to upload profile picture. Please try again.'", async () => {
    const { received } = await startUploadApi([{ status: 500, body: null }]);
    await expect(uploadProfileImage("avatar", picture())).rejects.toThrow(PROFILE_UPLOAD_MESSAGES.failed);
    expect(received).toHaveLength(3);
  });

  it("shows a client error's message as it comes, without retrying", async () => {
    const { received } = await startUploadApi([
      { status: 413, body: { error: { code: "bad_request", message: "File size exceeds 5MB limit" } } },
    ]);
    await expect(uploadProfileImage("banner", picture())).rejects.toThrow(
      new ProfileImageError("File size exceeds 5MB limit", "bad_request"),
    );
    expect(received).toHaveLength(1);
  });

  it("keeps AutoMod's code on a refused picture, so its toast can offer a review (issue #15)", async () => {
    const message = automodImageMessage();
    await startUploadApi([{ status: 422, body: { error: { code: AUTOMOD_BLOCKED_CODE, message } } }]);
    const error = await uploadProfileImage("avatar", picture()).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ProfileImageError);
    expect(error).toMatchObject({ message, code: AUTOMOD_BLOCKED_CODE });
  });

  it("says 'You are not authorized to upload images.' when signed out", async () => {
    await startUploadApi([{ status: 401, body: { error: { message: "Authentication required" } } }]);
    await expect(uploadProfileImage("avatar", picture())).rejects.toThrow(
      PROFILE_UPLOAD_MESSAGES.unauthorized,
    );
  });
});

describe("uploadErrorMessage (spec §8 Profile upload texts)", () => {
  it.each([
    [new TaskTimeoutError(15_000), "Image upload timed out. Please try again."],
    [new TaskCanceledError(), "Image upload was canceled."],
    [new ApiError(403, "Forbidden"), "You are not authorized to upload images."],
    [
      new ApiError(415, "Invalid file type. Only JPG, PNG, GIF, and WebP are allowed."),
      "Invalid file type. Only JPG, PNG, GIF, and WebP are allowed.",
    ],
    [new ApiError(400, ""), "Failed to upload profile picture. Please try again."],
    [new ApiError(502, "Bad gateway"), "Failed to upload profile picture. Please try again."],
    [new TypeError("fetch failed"), "Failed to upload profile picture. Please try again."],
    [new Error("odd"), "An unknown error occurred during upload."],
    ["not an error", "An unexpected error occurred during profile picture upload."],
  ])("%o → %s", (error, message) => {
    expect(uploadErrorMessage(error)).toBe(message);
  });
});
