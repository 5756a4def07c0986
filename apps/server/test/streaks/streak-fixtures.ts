import { STREAK_PATHS, type StreakUpdatedPayload, type StreakView } from "@heartline/shared";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { friendRequests, streaks } from "../../src/db/schema";
import { type DmMember, dmMember, sendOk, text } from "../direct-messages/dm-fixtures";
import { requestAs } from "../fixtures/group-fixtures";
import { nextEvent } from "../helpers/socket-events";
import type { TestApp } from "../helpers/test-app";

export const H = 3_600_000;
export const D = 24 * H;

/** The streak helpers of one test app: friend pairs, sends, the stored row and the API's view. */
export function streakFixtures(app: () => TestApp) {
  /** Two verified members with a socket each, made accepted friends in the database. */
  async function friends(prefix = "st"): Promise<[DmMember, DmMember]> {
    const a = await dmMember(app(), prefix);
    const b = await dmMember(app(), prefix);
    await app()
      .app.db.insert(friendRequests)
      .values({ senderId: a.person.id, receiverId: b.person.id, status: "accepted" });
    return [a, b];
  }
  const pairRow = async (one: string, two: string) => {
    const [userA, userB] = one < two ? [one, two] : [two, one];
    const [row] = await app()
      .app.db.select()
      .from(streaks)
      .where(and(eq(streaks.userA, userA), eq(streaks.userB, userB)));
    return row;
  };
  const send = (from: DmMember, to: DmMember) =>
    sendOk(from.socket, text(to.person.id, `hi ${Math.random()}`));
  /** Sends and returns the `streak_updated` both friends were pushed (the sender's, the receiver's). */
  const sendAndPushes = async (from: DmMember, to: DmMember) => {
    const toSender = nextEvent(from.socket, "streak_updated");
    const toReceiver = nextEvent(to.socket, "streak_updated");
    await send(from, to);
    return (await Promise.all([toSender, toReceiver])) as [StreakUpdatedPayload, StreakUpdatedPayload];
  };
  const read = async (who: DmMember, friend: DmMember) => {
    const response = await requestAs(app().app, who.person, "GET", STREAK_PATHS.streak(friend.person.id));
    expect(response.statusCode).toBe(200);
    return response.json<StreakView>();
  };
  return { friends, pairRow, send, sendAndPushes, read };
}
