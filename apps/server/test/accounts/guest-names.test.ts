import { ACCOUNT_PATHS } from "@heartline/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deletedUsers, session, user } from "../../src/db/schema";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, type TestApp, waitForConnect } from "../helpers/test-app";
import { AccountsClient, ADULT_DOB, NO_HUMAN_CHECK_ENV, START_TIMEOUT_MS } from "./accounts-client";

const TAKEN = "This username is already taken. Please choose another one.";

/**
 * ARCHITECTURE §9.7 (issue #33): someone else's sign-up never deletes a guest who is still there. A
 * guest's name is freed only from a guest whose sessions have all ended or expired; until then the name
 * check says taken, and so does the sign-up.
 */
describe("accounts: a live guest keeps its name (ARCHITECTURE §9.7)", () => {
  let test: TestApp;
  let nextIp = 1;

  beforeAll(async () => {
    test = await startTestApp({ env: { ...NO_HUMAN_CHECK_ENV, AUTH_RATE_LIMIT_SCALE: "100" } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  const browser = () => new AccountsClient(test.app, `10.97.0.${nextIp++}`);
  const rowById = async (id: string) => (await test.app.db.select().from(user).where(eq(user.id, id)))[0];
  const tombstones = async (id: string) =>
    test.app.db.select().from(deletedUsers).where(eq(deletedUsers.id, id));
  const checkName = async (username: string, purpose?: "sign-up" | "guest") =>
    (
      await browser().get(
        `${ACCOUNT_PATHS.checkUsername}?username=${username}${purpose ? `&for=${purpose}` : ""}`,
      )
    ).json();
  async function guest(username: string) {
    const visitor = browser();
    const response = await visitor.post("/api/accounts/guest", { username, dob: ADULT_DOB, gender: "male" });
    expect(response.statusCode).toBe(200);
    return { visitor, id: response.json().user.id as string };
  }
  const signUp = (username: string, email: string) =>
    browser().post("/api/accounts/sign-up", {
      username,
      email,
      password: "secret-pass",
      dob: ADULT_DOB,
      gender: "female",
    });

  it("a signed-in guest's name reads taken and a sign-up with it is refused; the guest keeps everything", async () => {
    const { visitor, id } = await guest("Live_Guest");
    const socket = test.client({ extraHeaders: { cookie: visitor.cookieHeader } });
    const said = nextEvent(socket, "session");
    await waitForConnect(socket);
    expect((await said).userId).toBe(id);

    expect(await checkName("live_GUEST")).toEqual({ available: false, message: TAKEN });
    expect(await checkName("Live_Guest", "sign-up")).toEqual({ available: false, message: TAKEN });
    const refused = await signUp("LIVE_guest", "live.taker@example.com");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: "conflict", message: TAKEN });

    expect(await rowById(id)).toMatchObject({
      username: "live_guest",
      displayUsername: "Live_Guest",
      isGuest: true,
    });
    expect(await tombstones(id)).toEqual([]);
    expect((await visitor.get("/api/accounts/me")).json().user).toMatchObject({ id, username: "Live_Guest" });
    expect(socket.connected).toBe(true);
    expect(
      (await test.app.db.select().from(user).where(eq(user.email, "live.taker@example.com"))).length,
    ).toBe(0);
    socket.disconnect();
  });

  it("a guest that signed out frees its name: the sign-up takes it and the guest is deleted the app's way", async () => {
    const { visitor, id } = await guest("Gone_Guest");
    expect((await visitor.post("/api/accounts/sign-out")).statusCode).toBe(200);
    expect(await checkName("Gone_Guest", "sign-up")).toEqual({ available: true });
    // A new guest still may not take a name another guest holds (spec §5).
    expect(await checkName("Gone_Guest", "guest")).toEqual({ available: false, message: TAKEN });

    const taken = await signUp("gone_guest", "gone.taker@example.com");
    expect(taken.statusCode).toBe(200);
    expect(taken.json().user.username).toBe("gone_guest");
    expect(await rowById(id)).toBeUndefined();
    expect(await tombstones(id)).toHaveLength(1);
  });

  it("a guest whose every session expired frees its name too", async () => {
    const { id } = await guest("Stale_Guest");
    expect(await checkName("Stale_Guest", "sign-up")).toEqual({ available: false, message: TAKEN });
    await test.app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.userId, id));
    expect(await checkName("Stale_Guest", "sign-up")).toEqual({ available: true });
    const taken = await signUp("Stale_Guest", "stale.taker@example.com");
    expect(taken.statusCode).toBe(200);
    expect(await rowById(id)).toBeUndefined();
    expect(await tombstones(id)).toHaveLength(1);
  });
});
