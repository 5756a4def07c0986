import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { FORGOT_PASSWORD_MESSAGES } from "@heartline/shared";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxTransport } from "../../src/mail/outbox-transport";
import { startTestApp, type TestApp } from "../helpers/test-app";
import {
  AccountsClient,
  ADULT_DOB,
  followLink,
  NO_HUMAN_CHECK_ENV,
  START_TIMEOUT_MS,
} from "./accounts-client";
import { type DeliveredMail, type FakeSmtpServer, startFakeSmtpServer } from "./fake-smtp-server";

/** A logger writing every line (all levels) into `lines`: Fastify's own pino, on our stream. */
function capturingLogger(lines: string[]): FastifyInstance {
  return Fastify({ logger: { level: "trace", stream: { write: (line: string) => lines.push(line) } } });
}

const isReset = (mail: DeliveredMail) => mail.text.includes("resetToken=");
const NOT_ANSWERED = "no answer before the mail was sent";

describe("tokens stay out of the logs; forgot-password answers before its work (ARCHITECTURE §9.3)", () => {
  let test: TestApp;
  let smtp: FakeSmtpServer;
  let sink: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    sink = capturingLogger(lines);
    // Real SMTP (a local fake server): not local development, so no dev outbox and no link logging.
    test = await startTestApp({ env: { ...NO_HUMAN_CHECK_ENV, SMTP_URL: smtp.url }, logger: sink.log });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    smtp.release();
    await test.close();
    await sink.close();
    await smtp.close();
  });

  const client = () => new AccountsClient(test.app);
  async function signUp(username: string, email: string): Promise<AccountsClient> {
    const visitor = client();
    const response = await visitor.post("/api/accounts/sign-up", {
      username,
      email,
      password: "secret-pass",
      dob: ADULT_DOB,
      gender: "other",
    });
    expect(response.statusCode).toBe(200);
    return visitor;
  }

  it("answers forgot-password before the reset mail is sent, the same for an unknown address", async () => {
    await signUp("Forgetful", "forgetful@example.com");
    smtp.hold();
    try {
      const known = await Promise.race([
        client().post("/api/accounts/forgot-password", { email: "forgetful@example.com" }),
        new Promise<string>((resolve) => setTimeout(() => resolve(NOT_ANSWERED), 5_000)),
      ]);
      if (typeof known === "string") throw new Error(known);
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGES.success });
      expect(smtp.delivered.filter(isReset)).toEqual([]);
      const unknown = await client().post("/api/accounts/forgot-password", { email: "ghost@example.com" });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
    } finally {
      smtp.release();
    }
    const mail = await smtp.waitForMail("forgetful@example.com", isReset);
    expect(mail.links.some((link) => /\/\?resetToken=[^&]+$/.test(link))).toBe(true);
    expect(smtp.delivered.some((delivered) => delivered.to.includes("ghost@example.com"))).toBe(false);
  });

  it("logs no verification or reset token through sign-up, verification and a reset", async () => {
    const visitor = await signUp("Log_Watcher", "log.watcher@example.com");
    const verification = await smtp.waitForMail("log.watcher@example.com");
    const verifyLink = verification.links.find((link) => link.includes("/verify-email?token=")) ?? "";
    const verifyToken = new URL(verifyLink).searchParams.get("token") ?? "";
    expect(verifyToken.length).toBeGreaterThan(20);
    expect((await followLink(visitor, verifyLink)).statusCode).toBe(302);

    await client().post("/api/accounts/forgot-password", { email: "log.watcher@example.com" });
    const reset = await smtp.waitForMail("log.watcher@example.com", isReset);
    const resetLink = reset.links.find((link) => link.includes("resetToken=")) ?? "";
    const resetToken = new URL(resetLink).searchParams.get("resetToken") ?? "";
    expect(resetToken.length).toBeGreaterThan(10);
    await followLink(client(), resetLink);
    const done = await client().post("/api/accounts/reset-password", {
      token: resetToken,
      newPassword: "new-secret",
    });
    expect(done.statusCode).toBe(200);

    const log = lines.join("");
    // The requests were logged, with their token parameters masked.
    expect(log).toContain('"url":"/api/accounts/verify-email?token=***"');
    expect(log).toContain('"url":"/?resetToken=***"');
    for (const token of [verifyToken, resetToken]) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(encodeURIComponent(token));
    }
  });
});

describe("the dev outbox logs its links only in local development", () => {
  it("writes the message either way, and logs the link only when told to", async () => {
    const directory = await mkdtemp(path.join(tmpdir(), "heartline-outbox-"));
    const lines: string[] = [];
    const sink = capturingLogger(lines);
    try {
      const message = {
        to: "a@example.com",
        subject: "Reset",
        text: "t",
        html: "<p>t</p>",
        links: ["http://localhost:3000/?resetToken=SECRET123"],
      };
      await new OutboxTransport(directory, "Heartline <x@example.com>", sink.log, false).send(message);
      expect(lines.join("")).toContain("e-mail written to the dev outbox");
      expect(lines.join("")).not.toContain("SECRET123");
      await new OutboxTransport(directory, "Heartline <x@example.com>", sink.log, true).send(message);
      expect(lines.join("")).toContain("SECRET123");
      const stored = await new OutboxTransport(directory, "x", sink.log, false).list(5);
      expect(stored).toHaveLength(2);
    } finally {
      await sink.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
