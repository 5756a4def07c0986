import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { TEST_PUBLIC_URL } from "../helpers/test-app";

/** A cheap ALTCHA for tests: real challenges and real solving, little work (config only, never a mock). */
export const CHEAP_ALTCHA_ENV = { ALTCHA_COST: "1", ALTCHA_MAX_COUNTER: "40" };

/**
 * A browser-like client over `app.inject`: keeps cookies like a browser (name → value, Max-Age=0
 * removes) and sends the trusted Origin Better Auth requires on POSTs.
 */
export class AccountsClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = "127.0.0.1",
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.keep(
      await this.app.inject({ method: "GET", url, headers: this.headers(), remoteAddress: this.ip }),
    );
  }

  async post(url: string, payload: unknown = {}): Promise<LightMyRequestResponse> {
    return this.keep(
      await this.app.inject({
        method: "POST",
        url,
        headers: { ...this.headers(), origin: TEST_PUBLIC_URL, "content-type": "application/json" },
        payload: JSON.stringify(payload),
        remoteAddress: this.ip,
      }),
    );
  }

  /** Solves a real ALTCHA challenge and posts it: the human pass cookie is then set. */
  async solveAltcha(): Promise<string> {
    const challenge = (await this.get("/api/captcha/challenge")).json<Challenge>();
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error("the ALTCHA challenge could not be solved");
    const token = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    const response = await this.post("/api/verify-recaptcha", { token });
    if (response.statusCode !== 200) throw new Error(`verify failed: ${response.body}`);
    return token;
  }

  private headers(): Record<string, string> {
    return this.cookies.size > 0 ? { cookie: this.cookieHeader } : {};
  }

  private keep(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
      if (cookie.maxAge === 0 || cookie.value === "") this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }
}

/** The flows' tests run without the human check (config only, as ARCHITECTURE §2 allows). */
export const NO_HUMAN_CHECK_ENV = { HUMAN_CHECK: "off" };

export const ADULT_DOB = "1990-04-12";

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** The newest dev-outbox e-mail to `to`, read the way browser tests do (GET /dev/outbox/latest.json). */
export async function latestMail(app: FastifyInstance, to: string): Promise<OutboxMessage | null> {
  const response = await app.inject({
    method: "GET",
    url: `/dev/outbox/latest.json?to=${encodeURIComponent(to)}`,
  });
  return response.statusCode === 200 ? response.json<OutboxMessage>() : null;
}

/**
 * The newest outbox e-mail to `to` whose subject is `subject`, waiting for it: some mail (a password
 * reset) is sent after the answer, so it may land a moment later.
 */
export async function waitForMail(
  app: FastifyInstance,
  to: string,
  subject: string,
  timeoutMs = 10_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await latestMail(app, to);
    if (mail?.subject === subject) return mail;
    if (Date.now() > deadline) throw new Error(`no '${subject}' e-mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const VERIFY_SUBJECT = "Verify your email for Heartline";
export const RESET_SUBJECT = "Reset your Heartline password";

/** The token of a reset e-mail's `/?resetToken=…` link. */
export function resetTokenOf(mail: OutboxMessage): string {
  const link = mail.links.find((href) => href.includes("resetToken=")) ?? "";
  return new URL(link).searchParams.get("resetToken") ?? "";
}

/** Follows a link from an e-mail as the browser would (path and query only, same app). */
export async function followLink(client: AccountsClient, link: string): Promise<LightMyRequestResponse> {
  const url = new URL(link);
  return client.get(`${url.pathname}${url.search}`);
}

/** Starting PGlite and migrating takes well over a minute when other suites share two busy cores. */
export const START_TIMEOUT_MS = 180_000;
