import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { ModerationDeps } from "../moderation/moderation-deps";
import type { GroupPresence } from "./group-presence";

/** What the group chat's use cases work with (built once per app by `createGroupChat`). */
export interface GroupChatDeps extends ModerationDeps {
  presence: GroupPresence;
  /** `CHAT_MESSAGE_RATE_LIMIT` per `CHAT_MESSAGE_RATE_WINDOW_MS`, keyed by sender id. */
  messageLimiter: RateLimiterAbstract;
  clock: () => number;
}
