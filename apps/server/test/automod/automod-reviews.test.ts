import { randomUUID } from "node:crypto";
import {
  AUTOMOD_BLOCKED_CODE,
  AUTOMOD_MESSAGES,
  AUTOMOD_PATHS,
  AUTOMOD_REVIEW_REASON,
} from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  REVIEW_DEVICE_RATE_LIMIT,
  REVIEW_IP_RATE_LIMIT,
  REVIEW_RATE_LIMIT,
} from "../../src/features/automod/automod";
import { NO_HUMAN_CHECK_ENV } from "../accounts/accounts-client";
import { errorOf } from "../confessions/wall-fixtures";
import { dmMember, sendDm, text } from "../direct-messages/dm-fixtures";
import { AUTH_HEADERS, createRegistered, personHeaders, type TestPerson } from "../fixtures/group-fixtures";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { openReports } from "./automod-fixtures";

const TOO_MANY = { code: "rate_limited", message: AUTOMOD_MESSAGES.tooManyReviews };

/**
 * Issue #33: one account filed 47 review requests in 7 s, each a report at the top of the queue.
 * Review requests are limited like reports (per user, per browser, per address), and the same text
 * blocked under many ids is one item with one review.
 */
describe("AutoMod review requests are limited (issue #33)", () => {
  let test: TestApp;
  let admin: TestPerson;
  let address = 0;
  /** Each test asks from its own address, so only the limit it is about is reached. */
  const newAddress = () => {
    address += 1;
    return `203.0.113.${address}`;
  };
  const askReview = (person: TestPerson, messageId: string, remoteAddress: string) =>
    test.app.inject({
      method: "POST",
      url: AUTOMOD_PATHS.reviews,
      headers: { ...AUTH_HEADERS, ...personHeaders(person) },
      payload: { messageId },
      remoteAddress,
    });
  /** A DM AutoMod blocked, sent by `sender`: its id (a real block row for a review to name). */
  const blockedDm = async (
    sender: Awaited<ReturnType<typeof dmMember>>,
    receiverId: string,
    line: string,
  ) => {
    const payload = text(receiverId, line);
    const answer = await sendDm(sender.socket, payload);
    expect(answer).toMatchObject({ ok: false, error: { code: AUTOMOD_BLOCKED_CODE } });
    return payload.id;
  };
  const reviewsOf = async (person: TestPerson) =>
    (await openReports(test.app, admin)).filter(
      (report) => report.reason === AUTOMOD_REVIEW_REASON && report.reporterId === person.id,
    );

  beforeAll(async () => {
    test = await startTestApp({ env: NO_HUMAN_CHECK_ENV });
    admin = await createRegistered(test.app, "Ada_Admin", { isAdmin: true });
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  it("refuses a user's review past the hourly limit with the reason; nothing more is filed", async () => {
    const from = newAddress();
    const sender = await dmMember(test, "rvU");
    const receiver = await dmMember(test, "rvR");
    const ids = [];
    for (let index = 0; index <= REVIEW_RATE_LIMIT.points; index += 1) {
      ids.push(await blockedDm(sender, receiver.person.id, `you r3tard number ${index}`));
    }
    for (const id of ids.slice(0, REVIEW_RATE_LIMIT.points)) {
      expect((await askReview(sender.person, id, from)).statusCode).toBe(201);
    }
    const past = await askReview(sender.person, ids.at(-1) ?? "", from);
    expect(past.statusCode).toBe(429);
    expect(errorOf(past)).toEqual(TOO_MANY);
    expect(await reviewsOf(sender.person)).toHaveLength(REVIEW_RATE_LIMIT.points);
  });

  it("counts one browser's requests together, whichever account asks", async () => {
    const from = newAddress();
    const accounts = await Promise.all(
      [0, 1, 2].map((index) => createRegistered(test.app, `Browser_${index}`)),
    );
    const deviceId = accounts[0]?.deviceId ?? "";
    const sameBrowser = accounts.map((person) => ({ ...person, deviceId }));
    const answers = [];
    for (let index = 0; index <= REVIEW_DEVICE_RATE_LIMIT.points; index += 1) {
      const person = sameBrowser[Math.floor(index / REVIEW_RATE_LIMIT.points)] as TestPerson;
      answers.push(await askReview(person, randomUUID(), from));
    }
    // Nothing was blocked under these ids: each is told so until the browser's limit is reached.
    for (const answer of answers.slice(0, REVIEW_DEVICE_RATE_LIMIT.points)) {
      expect(errorOf(answer)).toEqual({ code: "not_found", message: AUTOMOD_MESSAGES.reviewNotBlocked });
    }
    const past = answers.at(-1);
    expect(past?.statusCode).toBe(429);
    expect(past && errorOf(past)).toEqual(TOO_MANY);
  });

  it("counts one address's requests together, across accounts and browsers", async () => {
    const from = newAddress();
    const perPerson = REVIEW_RATE_LIMIT.points;
    const people = Math.ceil((REVIEW_IP_RATE_LIMIT.points + 1) / perPerson);
    const askers = await Promise.all(
      Array.from({ length: people }, (_, index) => createRegistered(test.app, `Address_${index}`)),
    );
    const statuses = [];
    for (let index = 0; index <= REVIEW_IP_RATE_LIMIT.points; index += 1) {
      const answer = await askReview(askers[Math.floor(index / perPerson)] as TestPerson, randomUUID(), from);
      statuses.push(answer.statusCode);
      if (index === REVIEW_IP_RATE_LIMIT.points) expect(errorOf(answer)).toEqual(TOO_MANY);
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(REVIEW_IP_RATE_LIMIT.points);
    expect(statuses.at(-1)).toBe(429);
  });

  it("takes the same text blocked under two ids as one item: one review", async () => {
    const from = newAddress();
    const sender = await dmMember(test, "rvT");
    const receiver = await dmMember(test, "rvQ");
    const first = await blockedDm(sender, receiver.person.id, "go away ch1nk");
    const again = await blockedDm(sender, receiver.person.id, "go away ch1nk");
    const other = await blockedDm(sender, receiver.person.id, "go away ch1nks");
    expect((await askReview(sender.person, first, from)).statusCode).toBe(201);
    const repeated = await askReview(sender.person, again, from);
    expect(repeated.statusCode).toBe(409);
    expect(errorOf(repeated)).toEqual({ code: "conflict", message: AUTOMOD_MESSAGES.reviewAlreadyRequested });
    expect((await askReview(sender.person, other, from)).statusCode).toBe(201);
    expect((await reviewsOf(sender.person)).map((report) => report.messageId).sort()).toEqual(
      [first, other].sort(),
    );
  });
});
