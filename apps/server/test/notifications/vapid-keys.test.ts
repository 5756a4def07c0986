import { existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { NOTIFICATION_PATHS } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webPush from "web-push";
import { uniqueName } from "../direct-messages/dm-fixtures";
import { createRegistered, requestAs } from "../fixtures/group-fixtures";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { notificationFixtures } from "./notification-fixtures";
import { type PushService, startPushService } from "./push-service";

/** Issue #40: the app signs with the configured VAPID pair, else with one kept in DATA_DIR. */
describe("the app's VAPID keys", () => {
  let service: PushService;
  let test: TestApp | undefined;
  const { subscriber, nextPush, befriendRequest } = notificationFixtures(
    () => test as TestApp,
    () => service,
  );
  /** The public key the app hands browsers. */
  const publicKeyOf = async (app: TestApp) => {
    const person = await createRegistered(app.app, uniqueName("vk"));
    const response = await requestAs(app.app, person, "GET", NOTIFICATION_PATHS.vapidKey);
    expect(response.statusCode).toBe(200);
    return response.json<{ publicKey: string }>().publicKey;
  };

  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(async () => {
    await test?.close();
    await service?.close();
  });

  it("signs pushes with VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, and writes no key file", async () => {
    const configured = webPush.generateVAPIDKeys();
    test = await startTestApp({
      env: { VAPID_PUBLIC_KEY: configured.publicKey, VAPID_PRIVATE_KEY: configured.privateKey },
    });
    expect(await publicKeyOf(test)).toBe(configured.publicKey);
    const [asker, asked] = [await subscriber("ask"), await subscriber("vap")];
    await befriendRequest(asker, asked);
    // The push service checked the JWT's signature against `k`: the configured private key signed it.
    expect((await nextPush(asked)).push.vapidKey).toBe(configured.publicKey);
    expect(existsSync(path.join(test.dataDir, "vapid-keys.json"))).toBe(false);
    await test.close();
    test = undefined;
  });

  it("keeps the keys it generated across a restart on the same DATA_DIR", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "heartline-vapid-app-"));
    try {
      test = await startTestApp({ env: { DATA_DIR: dataDir } });
      const first = await publicKeyOf(test);
      expect((await stat(path.join(dataDir, "vapid-keys.json"))).mode & 0o777).toBe(0o600);
      await test.close();
      test = await startTestApp({ env: { DATA_DIR: dataDir } });
      expect(await publicKeyOf(test)).toBe(first);
      await test.close();
      test = undefined;
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
