import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AUTH_HEADERS,
  asPerson,
  createGuest,
  createRegistered,
  emitWithAck,
  groupText,
  personHeaders,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { delay, recordEvents } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";

const MODERATION_TABLES = ["banned_users", "muted_users", "reports", "group_messages", "user"] as const;

/**
 * ARCHITECTURE §9.4: every admin route and admin socket event refuses guests, registered non-admins and a
 * socket whose handshake claims `isAdmin`, and changes nothing (the tables are compared before and after).
 */
describe("group chat: the admin authorization matrix", () => {
  let test: TestApp;
  let admin: TestPerson;
  let guest: TestPerson;
  let member: TestPerson;
  let victim: TestPerson;
  let messageId: string;
  let reportId: string;

  beforeAll(async () => {
    test = await startTestApp();
    admin = await createRegistered(test.app, "Mod_Admin", { isAdmin: true });
    guest = await createGuest(test.app, "Gus_Guest");
    member = await createRegistered(test.app, "Reg_Member");
    victim = await createRegistered(test.app, "Vic_Victim");
    const adminHeaders = { ...AUTH_HEADERS, ...personHeaders(admin) };
    // State for every route to act on: a ban, a mute, an open report and a message.
    await test.app.inject({
      method: "POST",
      url: "/api/admin/bans",
      headers: adminHeaders,
      payload: { username: "Vic_Victim" },
    });
    await test.app.inject({
      method: "POST",
      url: "/api/admin/mutes",
      headers: adminHeaders,
      payload: { username: "Gus_Guest" },
    });
    const memberSocket = await test.connect(asPerson(member));
    await emitWithAck(memberSocket, "join_group");
    const message = groupText("evidence");
    messageId = message.id;
    await emitWithAck(memberSocket, "group_message", message);
    const report = await test.app.inject({
      method: "POST",
      url: "/api/reports",
      headers: { ...AUTH_HEADERS, ...personHeaders(guest) },
      payload: { targetUserId: member.id, messageId, reason: "spam" },
    });
    reportId = report.json<{ reportId: string }>().reportId;
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  async function tables(): Promise<string> {
    const dumps: unknown[] = [];
    for (const table of MODERATION_TABLES) {
      const result = (await test.app.db.execute(
        sql.raw(`select * from "${table}" order by 1`),
      )) as unknown as { rows: unknown[] };
      dumps.push(result.rows);
    }
    return JSON.stringify(dumps);
  }

  const adminRoutes = () =>
    [
      ["GET", "/api/admin/bans", undefined],
      ["POST", "/api/admin/bans", { username: "Reg_Member", reason: "x" }],
      ["POST", "/api/admin/bans", { username: "" }],
      ["DELETE", "/api/admin/bans/Vic_Victim", undefined],
      ["GET", "/api/admin/mutes", undefined],
      ["POST", "/api/admin/mutes", { username: "Reg_Member" }],
      ["DELETE", `/api/admin/mutes/${guest.id}`, undefined],
      ["GET", "/api/admin/reports", undefined],
      ["GET", "/api/admin/reports?status=actioned", undefined],
      ["POST", `/api/admin/reports/${reportId}/dismiss`, undefined],
      ["POST", `/api/admin/reports/${reportId}/action`, { action: "ban" }],
      ["POST", `/api/admin/reports/${reportId}/action`, { action: "delete-message" }],
      ["DELETE", `/api/admin/group/messages/${messageId}`, undefined],
    ] as const;

  it("refuses every admin route to visitors, guests and registered non-admins", async () => {
    const before = await tables();
    const callers: Record<string, Record<string, string>> = {
      visitor: { origin: AUTH_HEADERS.origin },
      guest: { origin: AUTH_HEADERS.origin, ...personHeaders(guest) },
      member: { origin: AUTH_HEADERS.origin, ...personHeaders(member) },
      // A client claiming to be admin in headers a careless server might read.
      forged: {
        origin: AUTH_HEADERS.origin,
        ...personHeaders(member),
        "x-is-admin": "true",
        "x-user-id": admin.id,
      },
    };
    for (const [caller, headers] of Object.entries(callers)) {
      for (const [method, url, payload] of adminRoutes()) {
        const response = await test.app.inject({
          method,
          url,
          headers: payload ? { ...headers, "content-type": "application/json" } : headers,
          ...(payload ? { payload } : {}),
        });
        expect({ caller, method, url, status: response.statusCode }).toEqual({
          caller,
          method,
          url,
          status: 403,
        });
        expect(response.json()).toEqual({
          error: { code: "forbidden", message: "Only admins can do this." },
        });
      }
    }
    expect(await tables()).toBe(before);
  });

  it("refuses force_unban_user to guests, non-admins, and sockets that claim isAdmin in the handshake", async () => {
    const before = await tables();
    const forgedAuth = { auth: { isAdmin: true, userId: admin.id, username: "Mod_Admin" } };
    const sockets: TestClient[] = [
      await test.connect(asPerson(guest)),
      await test.connect(asPerson(member)),
      await test.connect(asPerson(member, forgedAuth)),
      await test.connect(forgedAuth),
    ];
    for (const socket of sockets) {
      const answer = await emitWithAck(socket, "force_unban_user", {
        username: "Vic_Victim",
        userId: victim.id,
      });
      expect(answer).toEqual({
        ok: false,
        error: { code: "forbidden", message: "Only admins can do this." },
      });
    }
    expect(await tables()).toBe(before);
  });

  it("never sends the admins' banned list to a socket that only claims to be admin", async () => {
    const forged = await test.connect(asPerson(member, { auth: { isAdmin: true, userId: admin.id } }));
    expect((await emitWithAck(forged, "join_group")).ok).toBe(true);
    const adminSocket = await test.connect(asPerson(admin));
    expect((await emitWithAck(adminSocket, "join_group")).ok).toBe(true);
    const leaked = recordEvents(forged, "banned_users_updated");
    const seen = recordEvents(adminSocket, "banned_users_updated");
    const response = await test.app.inject({
      method: "DELETE",
      url: "/api/admin/bans/Vic_Victim",
      headers: personHeaders(admin),
    });
    expect(response.json()).toEqual({ removed: true });
    while (seen.payloads.length === 0) await delay(20);
    expect(leaked.payloads).toEqual([]);
  });
});
