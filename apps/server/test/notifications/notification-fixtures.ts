import {
  NOTIFICATION_PATHS,
  type NotificationInbox,
  type NotificationPushPayload,
  type NotificationSettings,
  type NotificationSettingsInput,
  SOCIAL_PATHS,
} from "@heartline/shared";
import { expect } from "vitest";
import { uniqueName } from "../direct-messages/dm-fixtures";
import { createRegistered, personHeaders, requestAs, type TestPerson } from "../fixtures/group-fixtures";
import type { TestApp } from "../helpers/test-app";
import type { PushService, ReceivedPush } from "./push-service";

/** The notification helpers of one test app and one push service. */
export function notificationFixtures(app: () => TestApp, service: () => PushService) {
  /** This browser's (session and device) subscription to the push service's `name`. */
  async function subscribe(person: Pick<TestPerson, "sessionCookie" | "deviceId">, name: string) {
    const response = await app().app.inject({
      method: "PUT",
      url: NOTIFICATION_PATHS.subscription,
      headers: { ...personHeaders(person), "content-type": "application/json" },
      payload: service().subscription(name),
    });
    expect(response.statusCode).toBe(204);
  }
  /** A registered, verified person with a push subscription of their own (named by their username). */
  async function subscriber(prefix = "nt"): Promise<TestPerson> {
    const person = await createRegistered(app().app, uniqueName(prefix));
    await subscribe(person, person.username);
    return person;
  }
  const settings = async (person: TestPerson, input: NotificationSettingsInput) => {
    const response = await app().app.inject({
      method: "PUT",
      url: NOTIFICATION_PATHS.settings,
      headers: { ...personHeaders(person), "content-type": "application/json" },
      payload: input,
    });
    expect(response.statusCode).toBe(200);
    return response.json<NotificationSettings>();
  };
  const inbox = async (person: TestPerson) => {
    const response = await requestAs(app().app, person, "GET", NOTIFICATION_PATHS.inbox);
    expect(response.statusCode).toBe(200);
    return response.json<NotificationInbox>();
  };
  /** The next push `person` gets, decrypted: its payload and the request. */
  const nextPush = async (
    person: TestPerson,
  ): Promise<{ payload: NotificationPushPayload; push: ReceivedPush }> => {
    const push = await service().next(person.username);
    return { payload: JSON.parse(push.plaintext) as NotificationPushPayload, push };
  };
  const befriendRequest = async (from: TestPerson, to: TestPerson) => {
    const response = await requestAs(app().app, from, "POST", SOCIAL_PATHS.friendRequests, { userId: to.id });
    expect(response.statusCode).toBe(200);
    return response.json<{ request: { id: string } }>().request.id;
  };
  return { subscribe, subscriber, settings, inbox, nextPush, befriendRequest };
}

/**
 * The app's `idle` (every event told so far handled, every push it made sent or given up), known once
 * the app is built: pass `onIdleProbe` in its `notifications` options, then wait on `idle`.
 */
export function idleProbe() {
  let probe: () => Promise<void> = async () => undefined;
  return {
    idle: () => probe(),
    onIdleProbe: (given: () => Promise<void>) => {
      probe = given;
    },
  };
}
