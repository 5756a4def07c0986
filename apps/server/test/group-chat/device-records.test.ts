import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bannedUsers, mutedUsers, userDevices } from "../../src/db/schema";
import { DeviceRecords } from "../../src/features/group-chat/device-records";
import { readStanding } from "../../src/features/moderation/moderation-checks";
import { createGuest, newDeviceId } from "../fixtures/group-fixtures";
import { startTestApp, type TestApp } from "../helpers/test-app";

/**
 * Bench B4's reconnect storm: joins in one event-loop turn record their browsers in one upsert, and a
 * join reads its ban and mute in one statement. Neither may lose a row or hide a ban.
 */
describe("group chat: browsers recorded per turn, ban and mute read together", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  const devicesOf = async (userId: string) =>
    (await test.app.db.select().from(userDevices).where(eq(userDevices.userId, userId))).map(
      (row) => row.deviceId,
    );

  it("stores every browser recorded in one turn, the same pair twice included, and a bad row fails alone", async () => {
    const records = new DeviceRecords(test.app.db);
    const [ann, ben] = [await createGuest(test.app, "Rec_Ann"), await createGuest(test.app, "Rec_Ben")];
    const [annTab, benTab, laptop] = [newDeviceId(), newDeviceId(), newDeviceId()];
    const results = await Promise.allSettled([
      records.record(ann.id, annTab),
      records.record(ann.id, annTab),
      records.record(ann.id, laptop),
      records.record(ben.id, benTab),
      // PostgreSQL text cannot hold a NUL: this row is refused, and only this one.
      records.record(ben.id, "bad\u0000browser"),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
    ]);
    expect((await devicesOf(ann.id)).sort()).toEqual([annTab, laptop].sort());
    expect(await devicesOf(ben.id)).toEqual([benTab]);
  });

  it("reads a ban by id or by browser and the mute in force in one call", async () => {
    const db = test.app.db;
    const [clean, muted, banned] = [
      await createGuest(test.app, "Std_Clean"),
      await createGuest(test.app, "Std_Muted"),
      await createGuest(test.app, "Std_Banned"),
    ];
    await db.insert(mutedUsers).values({ userId: muted.id, username: "Std_Muted", reason: "spam" });
    await db.insert(bannedUsers).values({
      userId: banned.id,
      username: "Std_Banned",
      usernameLower: "std_banned",
      bannedBy: "Dev_Admin",
      deviceIds: [banned.deviceId],
    });

    expect(await readStanding(db, { userId: clean.id, deviceId: clean.deviceId })).toEqual({
      isBanned: false,
      mute: null,
    });
    // Someone else in the banned browser is banned too (spec §4 Bans).
    expect(await readStanding(db, { userId: clean.id, deviceId: banned.deviceId })).toMatchObject({
      isBanned: true,
    });
    expect(await readStanding(db, { userId: banned.id })).toMatchObject({ isBanned: true });
    const standing = await readStanding(db, { userId: muted.id, deviceId: muted.deviceId });
    expect(standing).toMatchObject({
      isBanned: false,
      mute: { mutedBy: "system", reason: "spam", expiresAt: null },
    });

    // A mute that has ended is no mute.
    await db
      .update(mutedUsers)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(and(eq(mutedUsers.userId, muted.id)));
    expect((await readStanding(db, { userId: muted.id })).mute).toBeNull();
  });
});
