import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema";
import { setAdminRole } from "../../src/features/accounts/set-admin-role";
import { ADMINS_ROOM } from "../../src/realtime/rooms";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient, waitForConnect } from "../helpers/test-app";
import {
  AccountsClient,
  ADULT_DOB,
  followLink,
  latestMail,
  NO_HUMAN_CHECK_ENV,
  RESET_SUBJECT,
  resetTokenOf,
  START_TIMEOUT_MS,
  waitForMail,
} from "./accounts-client";

const ADMIN_EMAIL = "boss@example.com";

describe("accounts: sign-out closes sockets, admins (spec §4 Logout, §6 Admin)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({
      env: { ...NO_HUMAN_CHECK_ENV, ADMIN_EMAILS: ` ${ADMIN_EMAIL.toUpperCase()} , other@example.com` },
    });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  const client = () => new AccountsClient(test.app);
  async function registered(username: string, email: string) {
    const visitor = client();
    await visitor.post("/api/accounts/sign-up", {
      username,
      email,
      password: "secret-pass",
      dob: ADULT_DOB,
      gender: "male",
    });
    return visitor;
  }
  async function signedIn(email: string, password = "secret-pass") {
    const visitor = client();
    expect((await visitor.post("/api/accounts/sign-in", { email, password })).statusCode).toBe(200);
    return visitor;
  }
  /** A real socket.io-client carrying the session cookie, connected once the server said who it is. */
  async function socketOf(visitor: AccountsClient): Promise<TestClient> {
    const socket = test.client({ extraHeaders: { cookie: visitor.cookieHeader } });
    const session = nextEvent(socket, "session");
    await waitForConnect(socket);
    expect((await session).isVisitor).toBe(false);
    return socket;
  }
  const disconnected = (socket: TestClient) =>
    new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));

  it("sign-out ends the session and closes its sockets, not those of the user's other sessions", async () => {
    await registered("Two_Tabs", "tabs@example.com");
    const laptop = await signedIn("tabs@example.com");
    const phone = await signedIn("tabs@example.com");
    const laptopSocket = await socketOf(laptop);
    const phoneSocket = await socketOf(phone);
    const closed = disconnected(laptopSocket);

    const response = await laptop.post("/api/accounts/sign-out");
    expect(response.statusCode).toBe(200);
    expect(await closed).toBe("io server disconnect");
    expect((await laptop.get("/api/accounts/me")).json().user).toBeNull();
    expect(phoneSocket.connected).toBe(true);
    expect((await phone.get("/api/accounts/me")).json().user.username).toBe("Two_Tabs");
    phoneSocket.disconnect();
  });

  it("sign-out-everywhere ends every session and closes every socket of the user", async () => {
    await registered("Everywhere", "everywhere@example.com");
    const first = await signedIn("everywhere@example.com");
    const second = await signedIn("everywhere@example.com");
    const sockets = [await socketOf(first), await socketOf(second)];
    const closed = sockets.map(disconnected);
    expect((await first.post("/api/accounts/sign-out-everywhere")).statusCode).toBe(200);
    expect(await Promise.all(closed)).toEqual(["io server disconnect", "io server disconnect"]);
    expect((await second.get("/api/accounts/me")).json().user).toBeNull();
  });

  it("makes an ADMIN_EMAILS address admin only once its password is set through the reset link after the proof", async () => {
    const visitor = await registered("The_Boss", ADMIN_EMAIL);
    const bossId = (await visitor.get("/api/accounts/me")).json().user.id as string;
    const socket = await socketOf(visitor);
    const socketClosed = disconnected(socket);
    const mail = await latestMail(test.app, ADMIN_EMAIL);
    // Even from the browser that signed up: the sign-up's password predates the proof (ADR 0017).
    const verified = await followLink(visitor, mail?.links[0] ?? "");
    expect(verified.headers.location).toBe("/?verified=set-password");
    const role = async () =>
      (await test.app.db.select({ role: user.role }).from(user).where(eq(user.id, bossId)))[0]?.role;
    expect(await role()).not.toBe("admin");
    expect(await socketClosed).toBe("io server disconnect");
    expect((await visitor.get("/api/accounts/me")).json().user).toBeNull();
    const old = await client().post("/api/accounts/sign-in", { email: ADMIN_EMAIL, password: "secret-pass" });
    expect(old.statusCode).toBe(401);

    const reset = await waitForMail(test.app, ADMIN_EMAIL, RESET_SUBJECT);
    const done = await client().post("/api/accounts/reset-password", {
      token: resetTokenOf(reset),
      newPassword: "boss-new-pass",
    });
    expect(done.statusCode).toBe(200);
    expect(await role()).toBe("admin");
    const boss = await signedIn(ADMIN_EMAIL, "boss-new-pass");
    expect((await boss.get("/api/accounts/me")).json().user).toMatchObject({
      id: bossId,
      isAdmin: true,
      emailVerified: true,
    });
  });

  it("never makes an ADMIN_EMAILS address admin for someone who signed up with it and is not its owner", async () => {
    const squatter = await registered("Fake_Boss", "other@example.com");
    const squatterId = (await squatter.get("/api/accounts/me")).json().user.id as string;
    const mail = await latestMail(test.app, "other@example.com");
    // The owner opens the mail in their own browser: the address is proven, the squatter is out.
    const owner = client();
    await followLink(owner, mail?.links[0] ?? "");
    const [row] = await test.app.db.select().from(user).where(eq(user.id, squatterId));
    expect(row).toMatchObject({ emailVerified: true });
    expect(row?.role).not.toBe("admin");
    expect((await squatter.get("/api/accounts/me")).json().user).toBeNull();
    expect((await owner.get("/api/accounts/me")).json().user).toBeNull();
    const squatterSignIn = await client().post("/api/accounts/sign-in", {
      email: "other@example.com",
      password: "secret-pass",
    });
    expect(squatterSignIn.statusCode).toBe(401);
  });

  it("pushes adminStatusChanged when an admin changes someone's role through the admin plugin", async () => {
    const boss = await signedIn(ADMIN_EMAIL, "boss-new-pass");
    const member = await registered("Member", "member@example.com");
    const memberId = (await member.get("/api/accounts/me")).json().user.id as string;
    const socket = await socketOf(member);
    const granted = nextEvent(socket, "adminStatusChanged");
    const response = await boss.post("/api/auth/admin/set-role", { userId: memberId, role: "admin" });
    expect(response.statusCode).toBe(200);
    expect(await granted).toEqual({ isAdmin: true });
    const revoked = nextEvent(socket, "adminStatusChanged");
    await boss.post("/api/auth/admin/set-role", { userId: memberId, role: "user" });
    expect(await revoked).toEqual({ isAdmin: false });
    const [row] = await test.app.db.select({ role: user.role }).from(user).where(eq(user.id, memberId));
    expect(row?.role).toBe("user");
    socket.disconnect();
  });

  // `npm run admin`'s use case on the running server's database: its pg_notify reaches this node, as it
  // reaches every node on PostgreSQL (accounts-cluster/admin-cli-live.cluster.test.ts, another process).
  it("pushes a role changed by npm run admin to the open sockets, and no remembered handshake keeps the old role", async () => {
    const member = await registered("Cli_Member", "cli-member@example.com");
    const socket = await socketOf(member);
    const inAdmins = async (id: string | undefined) =>
      (await test.app.io.in(ADMINS_ROOM).fetchSockets()).some((open) => open.id === id);

    const granted = nextEvent(socket, "adminStatusChanged");
    expect(
      await setAdminRole({ db: test.app.db, email: "CLI-member@example.com", isAdmin: true }),
    ).toMatchObject({
      status: "changed",
      isAdmin: true,
    });
    expect(await granted).toEqual({ isAdmin: true });
    // A new connection with the same cookie (its handshake remembered as a non-admin) is an admin now.
    const asAdmin = await socketOf(member);
    expect(await inAdmins(asAdmin.id)).toBe(true);

    const revoked = nextEvent(asAdmin, "adminStatusChanged");
    await setAdminRole({ db: test.app.db, email: "cli-member@example.com", isAdmin: false });
    expect(await revoked).toEqual({ isAdmin: false });
    expect(await inAdmins(asAdmin.id)).toBe(false);
    const again = await socketOf(member);
    expect(await inAdmins(again.id)).toBe(false);
    for (const open of [socket, asAdmin, again]) open.disconnect();
  });
});
