import { randomUUID } from "node:crypto";
import { CONFESSION_PATHS, type ConfessionComment, MODERATION_PATHS } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asPerson,
  createGuest,
  createRegistered,
  emitWithAck,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { delay, recordEvents } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";
import { postComment, wallRequest } from "./wall-fixtures";

const WALL_EVENTS = [
  "confession_created",
  "confession_removed",
  "confession_counts",
  "confession_comment_created",
  "confession_comment_removed",
] as const;

/**
 * issue #13: "the author id appears in no response or socket payload to anyone but admins". Every wall
 * route and event is walked as the author, another registered user and a guest, successes and refusals
 * alike; every answer and every push they receive is kept and searched for the author's id and name.
 */
describe("confession wall anonymity: no author id anywhere but the admin routes", () => {
  let test: TestApp;
  let admin: TestPerson;
  let author: TestPerson;
  let other: TestPerson;
  let guest: TestPerson;
  const seen: Array<{ what: string; body: string }> = [];

  beforeAll(async () => {
    test = await startTestApp({ env: { AUTH_RATE_LIMIT_SCALE: "100" } });
    const suffix = randomUUID().slice(0, 6);
    admin = await createRegistered(test.app, `boss_${suffix}`, { isAdmin: true });
    author = await createRegistered(test.app, `author_${suffix}`);
    other = await createRegistered(test.app, `other_${suffix}`);
    guest = await createGuest(test.app, `guest_${suffix}`);
  });
  afterAll(async () => {
    await test.close();
  });

  const call = async (
    who: TestPerson,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
  ) => {
    const response = await wallRequest(test.app, who, method, url, payload);
    seen.push({ what: `${method} ${url} as ${who.username} → ${response.statusCode}`, body: response.body });
    return response;
  };

  it("walks every wall route and event as author, other user and guest", async () => {
    const sockets: TestClient[] = [];
    const recorders: Array<{ payloads: unknown[]; stop(): void }> = [];
    for (const person of [author, other, guest]) {
      const socket = await test.connect(asPerson(person));
      const joined = await emitWithAck(socket, "join_confession_wall");
      seen.push({ what: `join_confession_wall as ${person.username}`, body: JSON.stringify(joined) });
      sockets.push(socket);
      for (const event of WALL_EVENTS) recorders.push(recordEvents(socket, event));
    }

    const id = randomUUID();
    const posted = await call(author, "POST", CONFESSION_PATHS.confessions, { id, content: "my secret" });
    expect(posted.statusCode).toBe(201);
    await call(author, "POST", CONFESSION_PATHS.confessions, { id, content: "my secret" });
    await call(other, "POST", CONFESSION_PATHS.confessions, { id, content: "taking the id" });
    await call(author, "POST", CONFESSION_PATHS.confessions, { id: randomUUID(), content: "my secret" });
    await call(guest, "POST", CONFESSION_PATHS.confessions, { id: "not-a-uuid", content: "" });

    for (const who of [author, other, guest]) {
      for (const sort of ["new", "top-day", "top-week"]) {
        await call(who, "GET", `${CONFESSION_PATHS.confessions}?sort=${sort}&limit=1`);
      }
      await call(who, "GET", `${CONFESSION_PATHS.confessions}?cursor=bad`);
      await call(who, "GET", CONFESSION_PATHS.confession(id));
      await call(who, "GET", CONFESSION_PATHS.confession(randomUUID()));
      await call(who, "PUT", CONFESSION_PATHS.reaction(id), { emoji: "❤️" });
      await call(who, "PUT", CONFESSION_PATHS.reaction(id), { emoji: "not an emoji" });
    }
    await call(other, "DELETE", CONFESSION_PATHS.reaction(id));

    const opComment = await postComment(test.app, author, id, "OP here");
    seen.push({ what: "author comment", body: opComment.response.body });
    const top = await call(other, "POST", CONFESSION_PATHS.comments(id), { id: randomUUID(), content: "hi" });
    const topId = (top.json() as { comment: ConfessionComment }).comment.id;
    const reply = await call(guest, "POST", CONFESSION_PATHS.comments(id), {
      id: randomUUID(),
      content: "reply",
      parentId: topId,
    });
    const replyId = (reply.json() as { comment: ConfessionComment }).comment.id;
    await call(author, "POST", CONFESSION_PATHS.comments(id), {
      id: randomUUID(),
      content: "deep",
      parentId: replyId,
    });
    await call(other, "POST", CONFESSION_PATHS.comments(id), { id: opComment.id, content: "steal" });
    for (const who of [author, other, guest]) {
      await call(who, "GET", CONFESSION_PATHS.comments(id));
      await call(who, "POST", CONFESSION_PATHS.report(id), { reason: "spam" });
      await call(who, "POST", CONFESSION_PATHS.commentReport(id, opComment.id), { reason: "spam" });
      await call(who, "GET", CONFESSION_PATHS.adminConfessionAuthor(id));
      await call(who, "GET", CONFESSION_PATHS.adminCommentAuthor(id, opComment.id));
      await call(who, "DELETE", CONFESSION_PATHS.adminComment(id, opComment.id));
    }
    await call(other, "DELETE", CONFESSION_PATHS.comment(id, opComment.id));
    await call(other, "DELETE", CONFESSION_PATHS.confession(id));
    await call(author, "DELETE", CONFESSION_PATHS.comment(id, opComment.id));
    await call(guest, "DELETE", CONFESSION_PATHS.comment(id, replyId));

    // The admin routes are the one place the author shows (the positive control of this search).
    const adminView = await requestAs(test.app, admin, "GET", CONFESSION_PATHS.adminConfessionAuthor(id));
    expect(adminView.body).toContain(author.id);

    await call(author, "DELETE", CONFESSION_PATHS.confession(id));
    await call(author, "POST", CONFESSION_PATHS.comments(id), { id: randomUUID(), content: "too late" });
    for (const socket of sockets) {
      const left = await emitWithAck(socket, "leave_confession_wall");
      seen.push({ what: "leave_confession_wall", body: JSON.stringify(left) });
    }
    // Every push of the walk was sent before the last answers; one more coalescing window lets the
    // last counts arrive too.
    await delay(400);
    for (const recorder of recorders) {
      recorder.stop();
      for (const payload of recorder.payloads) seen.push({ what: "push", body: JSON.stringify(payload) });
    }

    expect(seen.filter((entry) => entry.what === "push").length).toBeGreaterThan(5);
    const leaks = seen.filter(
      (entry) =>
        entry.body.includes(author.id) || entry.body.toLowerCase().includes(author.username.toLowerCase()),
    );
    expect(leaks.map((entry) => entry.what)).toEqual([]);
    // The admin queue holds the reports, with the author as the target (admins only).
    const queue = await requestAs(test.app, admin, "GET", `${MODERATION_PATHS.adminReports}?status=open`);
    expect(queue.body).toContain(author.id);
  });
});
