import { randomUUID } from "node:crypto";
import {
  ACCOUNT_PATHS,
  type AdminReportRecord,
  CONFESSION_PATHS,
  type ConfessionComment,
  type ConfessionView,
  type GroupJoinData,
  MODERATION_PATHS,
} from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { friendRequests } from "../../src/db/schema";
import { postComment, postConfession, wallRequest } from "../confessions/wall-fixtures";
import {
  asPerson,
  createGuest,
  createRegistered,
  emitWithAck,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { type Frame, nextEvent, recordFrames } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";
import {
  connectVisitor,
  joinAndMatch,
  MAN_SEEKING_WOMAN,
  WOMAN_SEEKING_MAN,
} from "../random-chat/random-chat-clients";
import { pollReads, vanishings } from "./read-poller";

/**
 * A deletion's wall pushes spread over 1.5 s here, at least 600 ms apart and after the deletion (ADR
 * 0014): more than the room's 250 ms people-list coalescing, so the departure is apart from them too.
 */
const WINDOW_MS = 1_500;
const GAP_MS = 600;
/** Two frames closer than this count as "together" (a third of the gap: a slow machine only adds). */
const SPAN_MS = 100;

type Log = ReturnType<typeof recordFrames>;

/**
 * Issue #33, the promise of SECURITY.md: from everything a non-admin receives (payloads, their order,
 * their timing), nobody can link an account to a confession or comment, or two pieces of content to
 * one author. Every frame that reaches a wall watcher (a registered user with the wall open), a room watcher
 * (a guest in the group room), a random-chat stranger, a friend and an admin is recorded through an
 * account deletion, a guest replaced by a sign-in, and a report acted on (delete, then mute).
 */
describe("anonymity by sequence: what watchers receive links no account to content", () => {
  let test: TestApp;
  let logs: { wall: Log; room: Log; friend: Log; stranger: Log; admin: Log };
  let sockets: { room: TestClient; loud: TestClient };
  let bystanderPosts: { first: string; second: string };
  const people = {} as Record<"admin" | "author" | "guest" | "loud" | "friend" | "home", TestPerson>;
  /** Every id and text of the authors' content: what an author's name must never sit next to. */
  const content: string[] = [];
  const items = {} as {
    author: { posts: string[]; comment: string };
    guest: { posts: string[]; comment: string };
    loud: { post: string };
  };

  beforeAll(async () => {
    test = await startTestApp({
      env: { AUTH_RATE_LIMIT_SCALE: "100", HUMAN_CHECK: "off" },
      accountRemovalPushes: { windowMs: WINDOW_MS, gapMs: GAP_MS },
    });
    const { app } = test;
    const tag = randomUUID().slice(0, 6);
    people.admin = await createRegistered(app, `boss_${tag}`, { isAdmin: true });
    people.author = await createRegistered(app, `writer_${tag}`);
    people.friend = await createRegistered(app, `pal_${tag}`);
    people.loud = await createRegistered(app, `loud_${tag}`);
    people.home = await createRegistered(app, `home_${tag}`);
    people.guest = await createGuest(app, `passer_${tag}`);
    const wallWatcher = await createRegistered(app, `walls_${tag}`);
    const roomWatcher = await createGuest(app, `room_${tag}`);
    const bystander = await createRegistered(app, `other_${tag}`);
    await app.db
      .insert(friendRequests)
      .values({ senderId: people.author.id, receiverId: people.friend.id, status: "accepted" });

    const wall = await test.connect(asPerson(wallWatcher));
    expect((await emitWithAck(wall, "join_confession_wall")).ok).toBe(true);
    const admin = await test.connect(asPerson(people.admin));
    const friend = await test.connect(asPerson(people.friend));
    sockets = {
      room: await test.connect(asPerson(roomWatcher)),
      loud: await test.connect(asPerson(people.loud)),
    };
    // The authors sit in the room too: the people list knows their names and ids.
    const guestSocket = await test.connect(asPerson(people.guest));
    const authorSocket = await test.connect(asPerson(people.author));
    // A moderator sits in the room as well, as they do.
    for (const socket of [sockets.room, sockets.loud, guestSocket, authorSocket, admin]) {
      expect((await emitWithAck(socket, "join_group")).ok).toBe(true);
    }
    // The author is in a random chat with a stranger, who knows them by a per-pair alias only.
    const authorChat = await test.connect(asPerson(people.author));
    expect((await emitWithAck(authorChat, "join", { ...MAN_SEEKING_WOMAN, allowAI: false })).ok).toBe(true);
    const stranger = await connectVisitor(test);
    await joinAndMatch(stranger, WOMAN_SEEKING_MAN);
    logs = {
      wall: recordFrames(wall),
      room: recordFrames(sockets.room),
      friend: recordFrames(friend),
      stranger: recordFrames(stranger.client),
      admin: recordFrames(admin),
    };

    const posted = async (person: TestPerson, text: string) => {
      const { id, response } = await postConfession(app, person, text);
      expect(response.statusCode).toBe(201);
      content.push(id, text);
      return id;
    };
    const commented = async (person: TestPerson, on: string, text: string) => {
      const { id, response } = await postComment(app, person, on, text);
      expect(response.statusCode).toBe(201);
      content.push(id, text);
      return id;
    };
    bystanderPosts = {
      first: (await postConfession(app, bystander, "the bystander's first")).id,
      second: (await postConfession(app, bystander, "the bystander's second")).id,
    };
    const authorPosts = [
      await posted(people.author, "alpha secret"),
      await posted(people.author, "beta secret"),
    ];
    await commented(people.author, authorPosts[0] as string, "alpha footnote");
    items.author = {
      posts: authorPosts,
      comment: await commented(people.author, bystanderPosts.first, "gamma reply"),
    };
    const reacted = await wallRequest(
      app,
      people.author,
      "PUT",
      CONFESSION_PATHS.reaction(bystanderPosts.second),
      {
        emoji: "❤️",
      },
    );
    expect(reacted.statusCode).toBe(200);
    items.guest = {
      posts: [await posted(people.guest, "delta secret"), await posted(people.guest, "epsilon secret")],
      comment: await commented(people.guest, bystanderPosts.first, "zeta reply"),
    };
    items.loud = { post: await posted(people.loud, "eta rant") };
  }, 120_000);
  afterAll(async () => {
    for (const log of Object.values(logs ?? {})) log.stop();
    await test?.close();
  });

  const identityOf = (person: TestPerson) => [person.id.toLowerCase(), person.username.toLowerCase()];
  const names = (frame: Frame, person: TestPerson) =>
    identityOf(person).some((value) => frame.text.toLowerCase().includes(value));
  const after = (log: Log, since: number) => log.frames.filter((frame) => frame.at >= since);

  /** The first frame telling each item's removal, in arrival order, once every one has arrived. */
  const removals = async (since: number, tests: Array<[string, (frame: Frame) => boolean]>) => {
    const firsts = await Promise.all(
      tests.map(async ([what, test]) => ({
        what,
        ...(await logs.wall.waitFor((frame) => frame.at >= since && test(frame), what)),
      })),
    );
    return firsts.sort((a, b) => a.at - b.at);
  };
  const isRemoval = (id: string) => (frame: Frame) =>
    frame.event === "confession_removed" && (frame.payload as { id: string }).id === id;
  const isCommentRemoval = (id: string) => (frame: Frame) =>
    frame.event === "confession_comment_removed" && (frame.payload as { commentId: string }).commentId === id;

  /**
   * No two removals together, and none together with the deletion (`start`) or with anything that
   * tells of the account: `user_deleted` at the friend, the departure in the room's people list.
   */
  const expectScattered = (frames: Frame[], start: number, person: TestPerson) => {
    const times = frames.map((frame) => frame.at);
    const gaps = times.slice(1).map((at, index) => at - (times[index] as number));
    expect(Math.min(...gaps), `gaps between removals: ${gaps.join(", ")}`).toBeGreaterThanOrEqual(SPAN_MS);
    expect((times[0] as number) - start).toBeGreaterThanOrEqual(SPAN_MS);
    const telling = [logs.friend, logs.room, logs.admin].flatMap((log) =>
      after(log, start).filter((frame) => names(frame, person)),
    );
    const close = telling.filter((told) => times.some((at) => Math.abs(at - told.at) < SPAN_MS));
    expect(close.map((frame) => `${frame.event} ${frame.text}`)).toEqual([]);
    return telling;
  };

  /** Nothing naming the person on the wall or to the stranger; in the room, never beside content. */
  const expectUnlinked = (person: TestPerson) => {
    expect(logs.wall.frames.filter((frame) => names(frame, person)).map((frame) => frame.event)).toEqual([]);
    expect(logs.stranger.frames.filter((frame) => names(frame, person)).map((frame) => frame.event)).toEqual(
      [],
    );
    const besideContent = logs.room.frames.filter(
      (frame) => names(frame, person) && content.some((marker) => frame.text.includes(marker)),
    );
    expect(besideContent.map((frame) => frame.event)).toEqual([]);
  };

  const feedIds = async (who: TestPerson) => {
    const feed = await requestAs(test.app, who, "GET", `${CONFESSION_PATHS.confessions}?sort=new&limit=50`);
    return (feed.json() as { confessions: ConfessionView[] }).confessions.map((post) => post.id);
  };
  const commentIds = async (who: TestPerson, on: string) => {
    const list = await requestAs(test.app, who, "GET", CONFESSION_PATHS.comments(on));
    return (list.json() as { comments: ConfessionComment[] }).comments.map((comment) => comment.id);
  };

  /**
   * Someone reading the wall over and over (no socket): the feed with its counts, and the thread the
   * author commented in. Each of the author's items is one thing to see go; the comment shows twice
   * (in the thread and in the thread's count).
   */
  const readWall = async (): Promise<Record<string, boolean>> => {
    const { author } = items;
    const feed = await requestAs(
      test.app,
      people.friend,
      "GET",
      `${CONFESSION_PATHS.confessions}?sort=new&limit=50`,
    );
    const posts = new Map(
      (feed.json() as { confessions: ConfessionView[] }).confessions.map((post) => [post.id, post]),
    );
    const thread = await commentIds(people.friend, bystanderPosts.first);
    return {
      "post alpha": posts.has(author.posts[0] as string),
      "post beta": posts.has(author.posts[1] as string),
      "comment, in the thread": thread.includes(author.comment),
      // The author's and the guest's comments.
      "comment, in the count": posts.get(bystanderPosts.first)?.commentCount === 2,
      "reaction, in the count": posts.get(bystanderPosts.second)?.reactions["❤️"] === 1,
    };
  };

  it("an account deletion tells only the friend, and its removals leave the wall one by one", async () => {
    const { author } = items;
    const poller = pollReads(
      readWall,
      (poll) => Object.values(poll.present).every((shown) => !shown),
      30_000,
    );
    await vi.waitFor(() => expect(poller.polls.length).toBeGreaterThan(0), { timeout: 10_000 });
    const start = performance.now();
    const deleted = await requestAs(test.app, people.author, "DELETE", ACCOUNT_PATHS.myProfile);
    expect(deleted.statusCode).toBe(200);

    const told = await logs.friend.waitFor(
      (frame) =>
        frame.event === "user_deleted" && (frame.payload as { userId: string }).userId === people.author.id,
      "user_deleted at the friend",
    );
    const frames = await removals(start, [
      ["post alpha", isRemoval(author.posts[0] as string)],
      ["post beta", isRemoval(author.posts[1] as string)],
      ["comment", isCommentRemoval(author.comment)],
      [
        "reaction",
        (frame) =>
          frame.event === "confession_counts" &&
          (frame.payload as ConfessionView).id === bystanderPosts.second &&
          (frame.payload as ConfessionView).reactions["❤️"] === 0,
      ],
    ]);
    await poller.done;

    // The reads: each item leaves them at its own moment, between two other polls than any other item,
    // and in the order the pushes tell it (the push follows its own item's moment).
    const gone = vanishings(poller.polls);
    const leftAt = {
      "post alpha": gone["post alpha"],
      "post beta": gone["post beta"],
      comment: Math.min(gone["comment, in the thread"] as number, gone["comment, in the count"] as number),
      reaction: gone["reaction, in the count"],
    };
    expect(
      Math.abs((gone["comment, in the thread"] as number) - (gone["comment, in the count"] as number)),
      "one item: the thread and its count go at one moment",
    ).toBeLessThanOrEqual(1);
    // Two items may first be missing from one poll only if that poll's window (from the start of the
    // poll before it to its own end) outlasted the gap between them: a read slower than GAP_MS cannot tell
    // them apart, one within it can (on a loaded machine a read of the wall can take longer than 600 ms).
    const shared = Object.values(leftAt).filter((poll, index, all) => all.indexOf(poll) !== index);
    for (const poll of new Set(shared)) {
      const window =
        (poller.polls[poll as number]?.endedAt ?? 0) - (poller.polls[(poll as number) - 1]?.startedAt ?? 0);
      expect(window, `items first missing from one poll (${JSON.stringify(leftAt)})`).toBeGreaterThanOrEqual(
        GAP_MS,
      );
    }
    // In the order the pushes tell it (the push follows its own item's moment).
    const readOrder = frames.map((frame) => leftAt[frame.what as keyof typeof leftAt] as number);
    expect(readOrder, `the poll each item was first missing from: ${JSON.stringify(leftAt)}`).toEqual(
      [...readOrder].sort((a, b) => a - b),
    );
    // The stranger saw their partner leave, as on any closed tab.
    await logs.stranger.waitFor((frame) => frame.event === "partner_left", "partner_left");

    const telling = expectScattered(frames, start, people.author);
    expect(telling).toContain(told);
    // The room saw the author leave (as on any sign-out): the check above had something to check.
    expect(after(logs.room, start).some((frame) => names(frame, people.author))).toBe(true);
    for (const log of [logs.wall, logs.room, logs.stranger, logs.admin]) {
      expect(log.frames.filter((frame) => frame.event === "user_deleted")).toEqual([]);
    }
    expectUnlinked(people.author);
    const left = await feedIds(people.friend);
    expect(left).toContain(bystanderPosts.first);
    expect(left.filter((id) => author.posts.includes(id))).toEqual([]);
    expect(await commentIds(people.friend, bystanderPosts.first)).not.toContain(author.comment);
  });

  it("a guest replaced by a sign-in elsewhere leaves the wall the same way", async () => {
    const { guest } = items;
    const start = performance.now();
    const signedIn = await requestAs(test.app, people.guest, "POST", ACCOUNT_PATHS.signIn, {
      email: `${people.home.username.toLowerCase()}@example.com`,
      password: "secret-pass-123",
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    const frames = await removals(start, [
      ...guest.posts.map((id): [string, (frame: Frame) => boolean] => [`removal of ${id}`, isRemoval(id)]),
      ["removal of the guest's comment", isCommentRemoval(guest.comment)],
    ]);
    expectScattered(frames, start, people.guest);
    for (const log of Object.values(logs)) {
      expect(
        log.frames.filter((frame) => frame.event === "user_deleted" && names(frame, people.guest)),
      ).toEqual([]);
    }
    expectUnlinked(people.guest);
    expect((await feedIds(people.friend)).filter((id) => guest.posts.includes(id))).toEqual([]);
    expect(await commentIds(people.friend, bystanderPosts.first)).not.toContain(guest.comment);
  });

  it("a report acted on (delete, then mute) names the author to admins only", async () => {
    const { post } = items.loud;
    const loudMuted = nextEvent(sockets.loud, "user_muted");
    const start = performance.now();
    const reported = await wallRequest(test.app, people.friend, "POST", CONFESSION_PATHS.report(post), {
      reason: "spam",
    });
    expect(reported.statusCode, reported.body).toBeLessThan(300);
    const queue = await requestAs(
      test.app,
      people.admin,
      "GET",
      `${MODERATION_PATHS.adminReports}?status=open`,
    );
    const report = (queue.json() as { reports: AdminReportRecord[] }).reports.find(
      (row) => row.messageId === post,
    );
    if (!report) throw new Error("the report is not in the admins' queue");
    for (const action of ["delete-message", "mute"] as const) {
      const acted = await requestAs(
        test.app,
        people.admin,
        "POST",
        MODERATION_PATHS.adminReportAction(report.id),
        {
          action,
        },
      );
      expect(acted.statusCode, acted.body).toBe(200);
    }

    await logs.wall.waitFor(
      (frame) => frame.at >= start && isRemoval(post)(frame),
      "the reported post's removal",
    );
    // The positive control: the admins' list has the name, and reached them live.
    await logs.admin.waitFor(
      (frame) => frame.event === "muted_users_updated" && names(frame, people.loud),
      "muted_users_updated at the admin",
    );
    // The muted author alone is told, and a join shows the mute to them and to nobody else. The room
    // watcher's join is answered after every frame sent to it before: its log is complete now.
    await loudMuted;
    const watcherJoin = await emitWithAck<GroupJoinData>(sockets.room, "join_group");
    expect(watcherJoin.ok && watcherJoin.data.mutedUsers).toEqual([]);
    const ownJoin = await emitWithAck<GroupJoinData>(sockets.loud, "join_group");
    expect(ownJoin.ok && { listed: ownJoin.data.mutedUsers, muted: ownJoin.data.mute !== null }).toEqual({
      listed: [],
      muted: true,
    });
    for (const log of [logs.wall, logs.room, logs.friend, logs.stranger]) {
      expect(log.frames.filter((frame) => frame.event === "muted_users_updated")).toEqual([]);
      expect(
        after(log, start)
          .filter((frame) => names(frame, people.loud))
          .map((frame) => frame.event),
      ).toEqual([]);
    }
    expectUnlinked(people.loud);
  });

  it("a ban takes someone out of the room the way anyone leaves it (ADR 0014)", async () => {
    const tag = randomUUID().slice(0, 6);
    /** What the room watcher hears of one person's departure, with that person written as WHO. */
    const departure = async (person: TestPerson, leave: () => Promise<void>) => {
      const since = performance.now();
      await leave();
      await logs.room.waitFor(
        (frame) => frame.at >= since && frame.event === "group_people" && names(frame, person),
        `${person.username} leaving the people list`,
      );
      // Answered after every frame sent to the watcher before: its log is complete.
      expect((await emitWithAck(sockets.room, "join_group")).ok).toBe(true);
      return after(logs.room, since)
        .filter((frame) => names(frame, person))
        .map((frame) => {
          let text = frame.text;
          for (const value of [person.id, person.username]) text = text.replaceAll(value, "WHO");
          return `${frame.event} ${text.replace(/\d+/g, "N")}`;
        });
    };
    const inRoom = async (person: TestPerson) => {
      const socket = await test.connect(asPerson(person));
      expect((await emitWithAck(socket, "join_group")).ok).toBe(true);
      return socket;
    };
    const leaver = await createRegistered(test.app, `away_${tag}`);
    const banned = await createRegistered(test.app, `gone_${tag}`);
    const joinedAt = performance.now();
    const leaverSocket = await inRoom(leaver);
    await inRoom(banned);
    // Both arrivals are in the watcher's list before either leaves (a delta is coalesced).
    for (const person of [leaver, banned]) {
      await logs.room.waitFor(
        (frame) => frame.at >= joinedAt && frame.event === "group_people" && names(frame, person),
        `${person.username} in the people list`,
      );
    }

    const left = await departure(leaver, async () => {
      expect((await emitWithAck(leaverSocket, "leave_group")).ok).toBe(true);
    });
    const wasBanned = await departure(banned, async () => {
      const ban = await requestAs(test.app, people.admin, "POST", MODERATION_PATHS.adminBans, {
        username: banned.username,
      });
      expect(ban.statusCode, ban.body).toBe(200);
    });
    expect(left).toHaveLength(1);
    expect(wasBanned).toEqual(left);
  });
});
