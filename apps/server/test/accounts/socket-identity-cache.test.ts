import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asPerson,
  BANNED_ACK,
  cookieOf,
  createRegistered,
  emitWithAck,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import {
  expectAccepted,
  expectRemembered,
  handshake as handshakeOn,
  expectRefused as refusedOn,
  sessionLookups,
  secondBrowser as signInAgain,
} from "../fixtures/handshakes";
import { startTestApp, type TestApp, waitForConnect } from "../helpers/test-app";
import { NO_HUMAN_CHECK_ENV, START_TIMEOUT_MS } from "./accounts-client";

/**
 * Issue #35 B4, ADR 0022: a reconnecting socket's session is answered from this node's memory of what
 * Better Auth said of the same cookie, and every way a session ends (or its user changes) makes the next
 * reconnection with it ask Better Auth again, which refuses it.
 */
describe("accounts: the socket handshake's remembered identity (issue #35, ADR 0022)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: NO_HUMAN_CHECK_ENV });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  const handshake = (cookie: string) => handshakeOn(test, cookie);
  const secondBrowser = (person: TestPerson) => signInAgain(test.app, person);
  const remembered = (person: TestPerson) => expectRemembered(test, person);
  const expectRefused = (person: TestPerson) => refusedOn(test, person);

  it("answers a reconnection with a valid session from memory, without Better Auth's database read", async () => {
    const person = await createRegistered(test.app, "Comes_Back");
    const before = await sessionLookups(test.app);
    expect(await handshake(cookieOf(person))).toMatchObject({ userId: person.id, isVisitor: false });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(await handshake(cookieOf(person))).toMatchObject({ userId: person.id, isVisitor: false });
    }
    expect(await sessionLookups(test.app)).toEqual({
      cache: before.cache + 3,
      betterAuth: before.betterAuth + 1,
    });
  });

  it("never remembers a cookie Better Auth did not accept", async () => {
    const before = await sessionLookups(test.app);
    const forged = "better-auth.session_token=not-a-token.not-a-signature";
    expect((await handshake(forged)).isVisitor).toBe(true);
    expect((await handshake(forged)).isVisitor).toBe(true);
    expect(await sessionLookups(test.app)).toEqual({ ...before, betterAuth: before.betterAuth + 2 });
  });

  it("refuses the signed-out session's next reconnection at once, and still knows the user's other browser", async () => {
    const laptop = await createRegistered(test.app, "Signs_Out");
    const phone = await secondBrowser(laptop);
    await remembered(laptop);
    await remembered(phone);
    expect((await requestAs(test.app, laptop, "POST", "/api/accounts/sign-out", {})).statusCode).toBe(200);
    await expectRefused(laptop);
    await expectAccepted(test, phone);
  });

  it("refuses every session's next reconnection after sign-out-everywhere", async () => {
    const first = await createRegistered(test.app, "Everywhere_Out");
    const second = await secondBrowser(first);
    await remembered(first);
    await remembered(second);
    const response = await requestAs(test.app, first, "POST", "/api/accounts/sign-out-everywhere", {});
    expect(response.statusCode).toBe(200);
    await expectRefused(first);
    await expectRefused(second);
  });

  it("refuses the other sessions' next reconnection after a password change, and keeps the changing one", async () => {
    const changing = await createRegistered(test.app, "New_Password");
    const other = await secondBrowser(changing);
    await remembered(changing);
    await remembered(other);
    const response = await requestAs(test.app, changing, "POST", "/api/accounts/change-password", {
      currentPassword: "secret-pass-123",
      newPassword: "another-pass-456",
    });
    expect(response.statusCode).toBe(200);
    await expectRefused(other);
    await expectAccepted(test, changing);
  });

  it("refuses a deleted account's next reconnection at once", async () => {
    const person = await createRegistered(test.app, "Deletes_Self");
    await remembered(person);
    expect((await requestAs(test.app, person, "DELETE", "/api/users/me")).statusCode).toBe(200);
    await expectRefused(person);
  });

  it("keeps a banned user out of the group on the reconnection the cache answers (spec §4 Bans)", async () => {
    const admin = await createRegistered(test.app, "Ban_Admin", { isAdmin: true });
    const person = await createRegistered(test.app, "Gets_Banned");
    await remembered(person);
    const ban = await requestAs(test.app, admin, "POST", "/api/admin/bans", { userId: person.id });
    expect(ban.statusCode).toBe(200);
    const socket = await waitForConnect(test.client(asPerson(person)));
    expect(await emitWithAck(socket, "join_group")).toEqual(BANNED_ACK);
    socket.disconnect();
  });
});
