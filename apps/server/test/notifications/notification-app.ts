import { afterAll, beforeAll } from "vitest";
import { type StartTestAppOptions, startTestApp, type TestApp } from "../helpers/test-app";
import { idleProbe, notificationFixtures } from "./notification-fixtures";
import { type PushService, startPushService } from "./push-service";

/**
 * A test file's app and loopback push service, started before its tests and closed after them, with
 * the notification helpers. Events are handled one at a time (a later event's push proves an earlier
 * one was judged); `idle` waits until every event and push so far is done.
 */
export function useNotificationApp(options: StartTestAppOptions = {}) {
  let test: TestApp | undefined;
  let service: PushService | undefined;
  const { idle, onIdleProbe } = idleProbe();
  beforeAll(async () => {
    service = await startPushService();
    test = await startTestApp({
      ...options,
      env: { AUTH_RATE_LIMIT_SCALE: "100", ...options.env },
      notifications: { eventConcurrency: 1, ...options.notifications, onIdleProbe },
    });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
    await service?.close();
  });
  const app = (): TestApp => {
    if (!test) throw new Error("the notifications' test app is not started");
    return test;
  };
  const pushService = (): PushService => {
    if (!service) throw new Error("the test push service is not started");
    return service;
  };
  return { app, service: pushService, idle, ...notificationFixtures(app, pushService) };
}
