import type {
  AdminReportRecord,
  AdminReportTargetPage,
  BanResult,
  GroupJoinData,
  GroupMessage,
} from "@heartline/shared";
import { AUTOMOD_PATHS, GROUP_ERROR_MESSAGES, SERVER_MESSAGES } from "@heartline/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bannedUsers, reports, user } from "../../src/db/schema";
import { REGISTERED_REQUEST_LIMIT } from "../../src/features/accounts/session-guards";
import {
  asPerson,
  BANNED_ACK,
  createGuest,
  createRegistered,
  emitWithAck,
  groupText,
  newDeviceId,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";

describe("moderation acts on user ids; display names are validated (spec §4 Bans, §5 Username)", () => {
  let test: TestApp;
  let admin: TestPerson;
  let owner: TestPerson;
  let reporter: TestPerson;

  beforeAll(async () => {
    test = await startTestApp();
    admin = await createRegistered(test.app, "Mod_Admin", { isAdmin: true });
    owner = await createRegistered(test.app, "Alice_Owner");
    reporter = await createRegistered(test.app, "Rita_Reporter");
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  /**
   * A raw anonymous sign-in (no username of ours) whose Better Auth `name` was set to `name` (the
   * server-side update-user: no HTTP route exposes it, but nothing in Better Auth validates it).
   */
  async function anonymousNamed(name: string): Promise<TestPerson> {
    const response = await test.app.auth.api.signInAnonymous({
      headers: new Headers({ origin: TEST_PUBLIC_URL }),
      asResponse: true,
    });
    const { user: created } = (await response.json()) as { user: { id: string } };
    const sessionCookie =
      response.headers
        .getSetCookie()
        .map((value) => value.split(";")[0] ?? "")
        .find((value) => value.includes("session_token=")) ?? "";
    const person = { id: created.id, username: name, sessionCookie, deviceId: newDeviceId() };
    await test.app.auth.api.updateUser({ body: { name }, headers: new Headers({ cookie: sessionCookie }) });
    return person;
  }

  it("refuses a display name that is someone else's username or oversized, wherever it is written", async () => {
    const mallory = await createGuest(test.app, "Mallory_G");
    const headers = new Headers({ cookie: mallory.sessionCookie });
    await expect(
      test.app.auth.api.updateUser({ body: { displayUsername: "Alice_Owner" }, headers }),
    ).rejects.toThrow();
    await expect(
      test.app.auth.api.updateUser({ body: { displayUsername: "M".repeat(5_000) }, headers }),
    ).rejects.toThrow();
    await expect(
      test.app.db.update(user).set({ displayUsername: "alice_owner" }).where(eq(user.id, mallory.id)),
    ).rejects.toThrow();
    // Without a username of its own (a raw anonymous sign-in) there is no display name to show.
    const nameless = await anonymousNamed("Just_Anon");
    await expect(
      test.app.auth.api.updateUser({
        body: { displayUsername: "Alice_Owner" },
        headers: new Headers({ cookie: nameless.sessionCookie }),
      }),
    ).rejects.toThrow();
    // The same name in another case is the holder's own.
    await test.app.auth.api.updateUser({ body: { displayUsername: "MALLORY_g" }, headers });
    const [row] = await test.app.db.select().from(user).where(eq(user.id, mallory.id));
    expect(row?.displayUsername).toBe("MALLORY_g");
  });

  it("bans the impersonator a report names, never the owner of the name they show", async () => {
    const impostor = await anonymousNamed("Alice_Owner");
    const socket = await test.connect(asPerson(impostor));
    const joined = await emitWithAck<GroupJoinData>(socket, "join_group");
    expect(joined.ok).toBe(true);
    // The room never shows the borrowed name.
    const watcher = await test.connect(asPerson(reporter));
    expect((await emitWithAck(watcher, "join_group")).ok).toBe(true);
    const said = groupText("I am Alice");
    const heard = nextEvent(watcher, "group_message", (message: GroupMessage) => message.id === said.id);
    expect((await emitWithAck(socket, "group_message", said)).ok).toBe(true);
    expect((await heard).senderUsername).toBe("Anonymous");
    const profile = await requestAs(test.app, reporter, "GET", `/api/users/${impostor.id}`);
    expect(profile.json()).toMatchObject({ id: impostor.id, username: "Anonymous" });

    const made = await requestAs(test.app, reporter, "POST", "/api/reports", {
      targetUserId: impostor.id,
      messageId: said.id,
      reason: "spam",
    });
    expect(made.statusCode).toBe(201);
    const { reportId } = made.json<{ reportId: string }>();
    const [stored] = await test.app.db.select().from(reports).where(eq(reports.id, reportId));
    expect(stored?.targetId).toBe(impostor.id);

    const acted = await requestAs(test.app, admin, "POST", `/api/admin/reports/${reportId}/action`, {
      action: "ban",
      reason: "impersonation",
    });
    expect(acted.statusCode).toBe(200);
    expect(acted.json<{ report: AdminReportRecord }>().report.status).toBe("actioned");
    const bans = await test.app.db.select().from(bannedUsers);
    expect(bans.map((ban) => ban.userId)).toEqual([impostor.id]);
    expect(await emitWithAck(socket, "join_group")).toEqual(BANNED_ACK);
    const ownerSocket = await test.connect(asPerson(owner));
    expect((await emitWithAck(ownerSocket, "join_group")).ok).toBe(true);
  });

  it("bans by id someone whose name matches nobody, and still finds a typed username case-insensitively", async () => {
    const nameless = await anonymousNamed("Nobody_Has_This");
    const byId = await requestAs(test.app, admin, "POST", "/api/admin/bans", { userId: nameless.id });
    expect(byId.statusCode).toBe(200);
    expect(byId.json<BanResult>()).toMatchObject({ created: true, ban: { userId: nameless.id } });
    const socket = await test.connect(asPerson(nameless));
    expect(await emitWithAck(socket, "join_group")).toEqual(BANNED_ACK);
    // Unbanned by id too: no typed name reaches someone without a username of their own.
    const byName = await requestAs(test.app, admin, "DELETE", "/api/admin/bans/Anonymous");
    expect(byName.json()).toEqual({ removed: false });
    const unbanned = await requestAs(test.app, admin, "DELETE", `/api/admin/bans/by-id/${nameless.id}`);
    expect(unbanned.json()).toEqual({ removed: true });
    expect((await emitWithAck(socket, "join_group")).ok).toBe(true);

    const typed = await requestAs(test.app, admin, "POST", "/api/admin/mutes", { username: "rita_REPORTER" });
    expect(typed.json()).toMatchObject({ created: true, mute: { userId: reporter.id } });
    const unknown = await requestAs(test.app, admin, "POST", "/api/admin/bans", {
      userId: "no-such-user-id",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: "not_found", message: "No user with this username." } });
    await requestAs(test.app, admin, "DELETE", `/api/admin/mutes/${reporter.id}`);
  });

  it("limits reports per browser: fresh guests from one browser cannot flood the queue", async () => {
    const browser = newDeviceId();
    const target = await createRegistered(test.app, "Flood_Target");
    const answers: number[] = [];
    let refusal: unknown;
    for (let i = 0; i < 11; i += 1) {
      const guest = await createGuest(test.app, `Flooder_${i}`, browser);
      const response = await requestAs(test.app, guest, "POST", "/api/reports", {
        targetUserId: target.id,
        reason: "spam",
      });
      answers.push(response.statusCode);
      if (response.statusCode !== 201) refusal = response.json();
    }
    expect(answers).toEqual([...Array(10).fill(201), 429]);
    expect(refusal).toEqual({ error: { code: "rate_limited", message: SERVER_MESSAGES.tooManyReports } });
    const stored = await test.app.db.select().from(reports).where(eq(reports.targetId, target.id));
    expect(stored).toHaveLength(10);
  });

  it("groups the admin queue by reported user, with keyset pages", async () => {
    // Three more reported users, reported by several people each (the flood target above has 10).
    const targets = [
      await createRegistered(test.app, "Target_A"),
      await createRegistered(test.app, "Target_B"),
      await createRegistered(test.app, "Target_C"),
    ];
    const reporters = [
      await createRegistered(test.app, "Rep_One"),
      await createRegistered(test.app, "Rep_Two"),
    ];
    for (const target of targets) {
      for (const [index, someone] of reporters.entries()) {
        const response = await requestAs(test.app, someone, "POST", "/api/reports", {
          targetUserId: target.id,
          reason: index === 0 ? "spam" : "harassment",
        });
        expect(response.statusCode).toBe(201);
      }
    }
    const page = async (cursor?: string) => {
      const query = new URLSearchParams({ limit: "2", ...(cursor ? { cursor } : {}) });
      const response = await requestAs(test.app, admin, "GET", `/api/admin/reports/targets?${query}`);
      expect(response.statusCode).toBe(200);
      return response.json<AdminReportTargetPage>();
    };
    const first = await page();
    expect(first.targets.map((row) => row.targetUsername)).toEqual(["Target_C", "Target_B"]);
    expect(first.targets[0]).toMatchObject({ count: 2, newestReason: "harassment" });
    expect(first.targets[0]?.reports.map((report) => report.reporterUsername)).toEqual([
      "Rep_Two",
      "Rep_One",
    ]);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(first.nextCursor ?? undefined);
    expect(second.targets.map((row) => row.targetUsername)).toEqual(["Target_A", "Flood_Target"]);
    expect(second.targets[1]?.count).toBe(10);
    expect(second.nextCursor).toBeNull();

    const anyone = await requestAs(test.app, reporters[0] as TestPerson, "GET", "/api/admin/reports/targets");
    expect(anyone.statusCode).toBe(403);
    const bad = await requestAs(test.app, admin, "GET", "/api/admin/reports/targets?cursor=nonsense");
    expect(bad.statusCode).toBe(400);
  });

  it("limits reports per address, across browsers and reporters", async () => {
    // 127.0.0.1 filed 1 + 10 + 6 reports above; 13 more from new browsers reach the address limit of 30.
    const target = await createRegistered(test.app, "Ip_Target");
    const codes: number[] = [];
    let refusal: unknown;
    for (let i = 0; i < 14; i += 1) {
      const someone = await createGuest(test.app, `Ip_Guest_${i}`);
      const response = await requestAs(test.app, someone, "POST", "/api/reports", {
        targetUserId: target.id,
        reason: "spam",
      });
      codes.push(response.statusCode);
      if (response.statusCode !== 201) refusal = response.json();
    }
    expect(codes).toEqual([...Array(13).fill(201), 429]);
    expect(refusal).toEqual({ error: { code: "rate_limited", message: SERVER_MESSAGES.tooManyReports } });
  });

  it("limits one admin's requests to the admin routes per minute (429 rate_limited), after the role check", async () => {
    const [busy, other] = await Promise.all([
      createRegistered(test.app, "Busy_Admin", { isAdmin: true }),
      createRegistered(test.app, "Other_Admin", { isAdmin: true }),
    ]);
    const paths = ["/api/admin/reports", AUTOMOD_PATHS.adminRules, "/api/admin/bans"];
    for (let i = 0; i < REGISTERED_REQUEST_LIMIT.points; i++) {
      const response = await requestAs(test.app, busy, "GET", paths[i % paths.length] as string);
      expect(response.statusCode, response.body).toBe(200);
    }
    const over = await requestAs(test.app, busy, "POST", AUTOMOD_PATHS.adminRules, { word: "overlimit" });
    expect({ status: over.statusCode, body: over.json() }).toEqual({
      status: 429,
      body: { error: { code: "rate_limited", message: SERVER_MESSAGES.tooManyRequests } },
    });
    // Another admin's budget is their own; a non-admin is refused for the role, not the limit.
    expect((await requestAs(test.app, other, "GET", AUTOMOD_PATHS.adminRules)).statusCode).toBe(200);
    const refused = await requestAs(test.app, reporter, "GET", AUTOMOD_PATHS.adminRules);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 403,
      body: { error: { code: "forbidden", message: GROUP_ERROR_MESSAGES.adminOnly } },
    });
  });
});
