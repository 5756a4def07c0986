import type { ClientToServerEvents } from "./index";

/**
 * Every client→server event of the contract as a runtime list (the contract itself is types only), so
 * tests can enumerate the events (the authorization matrix in apps/server/test/security/). The checks
 * below make a new event in `ClientToServerEvents` without an entry here (or a stale entry) a type error.
 */
export const CLIENT_EVENT_NAMES = [
  "request_online_users",
  "update_route",
  "ping",
  "update_online_status",
  "status:update",
  "join",
  "chat_message",
  "typing",
  "end_chat",
  "next",
  "switch_to_person",
  "report_partner",
  "confirm_adult",
  "line_status",
  "join_group",
  "leave_group",
  "group_message",
  "group_typing",
  "group_people_window",
  "check_if_banned",
  "force_unban_user",
  "direct_message",
  "direct_message_typing",
  "direct_message_delivered",
  "join_confession_wall",
  "leave_confession_wall",
] as const satisfies readonly (keyof ClientToServerEvents)[];

export type ClientEventName = (typeof CLIENT_EVENT_NAMES)[number];

/** Fails to compile, naming the event, when `ClientToServerEvents` has an event the list lacks. */
type AssertNoneMissing<Missing extends never> = Missing;
export type ClientEventNamesAreComplete = AssertNoneMissing<
  Exclude<keyof ClientToServerEvents, ClientEventName>
>;
