import { ACCOUNT_PATHS, type PublicProfile } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { friendRequests } from "../../src/db/schema";
import { postConfession } from "../confessions/wall-fixtures";
import { asPerson, createRegistered, emitWithAck, requestAs } from "../fixtures/group-fixtures";
import { multipartFile, smallPng } from "../fixtures/images";
import { asUser, createRegisteredUser } from "../fixtures/users";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/scratch-services";
import { nextEvent, recordFrames } from "../helpers/socket-events";
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

/** Deletion across nodes (spec §4): PostgreSQL for the rows, Redis to reach sockets on the other node. */
describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "profiles on two nodes"
    : "profiles on two nodes (skipped: DATABASE_URL and REDIS_URL are needed)",
  () => {
    let database: ScratchDatabase | undefined;
    let nodes: TestApp[] = [];

    beforeAll(async () => {
      database = await createScratchDatabase(DATABASE_URL ?? "", "heartline_profiles");
      const env = { DATABASE_URL: database.url, REDIS_URL: REDIS_URL ?? "" };
      const accountRemovalPushes = { windowMs: 1_000, gapMs: 200 };
      nodes = [
        await startTestApp({ env, accountRemovalPushes }),
        await startTestApp({ env, accountRemovalPushes }),
      ];
    });
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await database?.drop();
    });

    it("deletes on one node; the other node's sockets hear user_deleted and the user's close", async () => {
      const [first, second] = nodes as [TestApp, TestApp];
      const member = await createRegisteredUser(first.app);
      const partner = await createRegisteredUser(first.app);
      await first.app.db.insert(friendRequests).values({ senderId: member.id, receiverId: partner.id });
      const picture = multipartFile(await smallPng());
      const uploaded = await first.app.inject({
        method: "POST",
        url: ACCOUNT_PATHS.myAvatar,
        headers: { ...asUser(member), ...picture.headers },
        payload: picture.payload,
      });
      expect(uploaded.statusCode).toBe(200);

      const headersOf = (cookie: string) => ({ extraHeaders: { cookie, origin: TEST_PUBLIC_URL } });
      const partnerSocket = await second.connect(headersOf(partner.cookie));
      const memberSocket = await second.connect(headersOf(member.cookie));
      const heard = nextEvent(
        partnerSocket,
        "user_deleted",
        (payload) => payload.userId === member.id,
        10_000,
      );
      const closed = new Promise<string>((resolve) => memberSocket.once("disconnect", resolve));

      const response = await first.app.inject({
        method: "DELETE",
        url: ACCOUNT_PATHS.myProfile,
        headers: asUser(member),
      });
      expect(response.statusCode).toBe(200);
      await expect(heard).resolves.toEqual({ userId: member.id });
      await expect(closed).resolves.toBe("io server disconnect");

      const seen = await second.app.inject({
        method: "GET",
        url: ACCOUNT_PATHS.user(member.id),
        headers: asUser(partner),
      });
      expect(seen.json<PublicProfile>()).toMatchObject({ isDeleted: true, username: "Deleted User" });
      expect(await second.app.db.select().from(friendRequests)).toEqual([]);
    });

    it("deletes on one node; the other node's wall hears each removal, apart (ADR 0014)", async () => {
      const [first, second] = nodes as [TestApp, TestApp];
      const member = await createRegistered(first.app, "Leaving_Writer");
      const reader = await createRegistered(first.app, "Wall_Reader");
      const posts: string[] = [];
      for (const text of ["one", "two", "three"]) {
        const posted = await postConfession(first.app, member, text);
        expect(posted.response.statusCode).toBe(201);
        posts.push(posted.id);
      }
      const wall = await second.connect(asPerson(reader));
      expect((await emitWithAck(wall, "join_confession_wall")).ok).toBe(true);
      const log = recordFrames(wall);

      const response = await requestAs(first.app, member, "DELETE", ACCOUNT_PATHS.myProfile);
      expect(response.statusCode).toBe(200);
      const removed = await Promise.all(
        posts.map((id) =>
          log.waitFor(
            (frame) => frame.event === "confession_removed" && (frame.payload as { id: string }).id === id,
            `removal of ${id}`,
          ),
        ),
      );
      log.stop();
      const times = removed.map((frame) => frame.at).sort((a, b) => a - b);
      const gaps = times.slice(1).map((at, index) => at - (times[index] as number));
      expect(Math.min(...gaps), `gaps: ${gaps.join(", ")}`).toBeGreaterThanOrEqual(100);
    });
  },
);
