import { randomUUID } from "node:crypto";
import {
  ACCOUNT_PATHS,
  type AckResult,
  type DirectMessage,
  type SendFriendRequestResult,
  SOCIAL_PATHS,
  VERIFICATION_LANDINGS,
} from "@heartline/shared";
import type { Page } from "playwright-core";
import { io } from "socket.io-client";
import { birthDate, latestMail, onServer } from "../../support/accounts";

/** A registered, verified user driven through the real HTTP API and socket, outside any browser. */
export interface ApiUser {
  id: string;
  username: string;
  email: string;
  /** `name=value` pairs of the session cookies, as a Cookie header. */
  cookie: string;
}

const PASSWORD = "correct-horse-1";

async function call<T>(
  baseUrl: string,
  path: string,
  { method = "GET", body, cookie }: { method?: string; body?: unknown; cookie?: string } = {},
): Promise<{ body: T; cookies: string[]; location: string | null }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    redirect: "manual",
    headers: {
      Accept: "application/json",
      // Sign-ups (Better Auth) and writes (CSRF) check the Origin against PUBLIC_URL.
      Origin: baseUrl,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${path} failed with ${response.status}: ${text}`);
  return {
    body: (text ? JSON.parse(text) : null) as T,
    cookies: response.headers.getSetCookie(),
    location: response.headers.get("location"),
  };
}

/** Signs up, opens the e-mailed verification link and signs in: a user who may have friends and DMs. */
export async function registerViaApi(
  baseUrl: string,
  person: { username: string; email: string; gender: string },
): Promise<ApiUser> {
  const signUp = await call(baseUrl, ACCOUNT_PATHS.signUp, {
    method: "POST",
    body: { ...person, password: PASSWORD, dob: birthDate(30) },
  });
  // The link is opened with the sign-up's session, as in the browser that signed up (ADR 0017).
  const signUpCookie = signUp.cookies.map((line) => line.split(";")[0]).join("; ");
  const mail = await latestMail(baseUrl, person.email, /verify/i);
  const verified = await call(baseUrl, onServer(mail.links.find((link) => link.includes("verify-email"))), {
    cookie: signUpCookie,
  });
  // An ADMIN_EMAILS address: the sign-up's password is cleared, its owner sets one from the mail.
  if (verified.location === VERIFICATION_LANDINGS.passwordCleared) {
    const reset = await latestMail(baseUrl, person.email, /password/i);
    const link = new URL(onServer(reset.links.find((href) => href.includes("resetToken="))), baseUrl);
    await call(baseUrl, ACCOUNT_PATHS.resetPassword, {
      method: "POST",
      body: { token: link.searchParams.get("resetToken"), newPassword: PASSWORD },
    });
  }
  const signIn = await call(baseUrl, ACCOUNT_PATHS.signIn, {
    method: "POST",
    body: { email: person.email, password: PASSWORD },
  });
  const cookie = signIn.cookies.map((line) => line.split(";")[0]).join("; ");
  const me = await call<{ user: { id: string } | null }>(baseUrl, ACCOUNT_PATHS.me, { cookie });
  if (!me.body.user) throw new Error(`${person.username} is not signed in after sign-in`);
  return { id: me.body.user.id, username: person.username, email: person.email, cookie };
}

/** `a` asks, `b` accepts: accepted friends (streaks exist only between them, spec §4). */
export async function befriendViaApi(baseUrl: string, a: ApiUser, b: ApiUser): Promise<void> {
  const sent = await call<SendFriendRequestResult>(baseUrl, SOCIAL_PATHS.friendRequests, {
    method: "POST",
    body: { username: b.username },
    cookie: a.cookie,
  });
  if (sent.body.status !== "pending") return;
  await call(baseUrl, SOCIAL_PATHS.acceptFriendRequest(sent.body.request.id), {
    method: "POST",
    cookie: b.cookie,
  });
}

/** One direct message over a socket of `from`'s own, acknowledged once the server committed it. */
export async function sendDmViaApi(baseUrl: string, from: ApiUser, to: ApiUser, content: string) {
  const socket = io(baseUrl, {
    path: "/socket.io",
    transports: ["websocket"],
    extraHeaders: { cookie: from.cookie, origin: baseUrl },
    reconnection: false,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    const result = await new Promise<AckResult<DirectMessage>>((resolve) =>
      socket.emit("direct_message", { id: randomUUID(), receiverId: to.id, content }, resolve),
    );
    if (!result.ok) throw new Error(`DM from ${from.username} refused: ${result.error.message}`);
  } finally {
    socket.disconnect();
  }
}

/** Gives a browser page `user`'s session (same origin, so the app is signed in as them). */
export async function signInPage(page: Page, baseUrl: string, user: ApiUser): Promise<void> {
  await page.context().addCookies(
    user.cookie.split("; ").map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return { name, value: value.join("="), url: baseUrl };
    }),
  );
}
