import type { GroupMessageType, GroupReplyPreview } from "@heartline/shared";
import { createOutboxStore, type OutboxEntry } from "../../chat-pipeline";

/** One of this tab's own room messages the server has not confirmed yet (spec "pending/sent"). */
export type OutboxMessage = OutboxEntry<GroupMessageType, GroupReplyPreview>;

/** Sends waiting for their ack, in the order written. Removed once the stored copy is in the room cache. */
export const useGroupOutboxStore = createOutboxStore<OutboxMessage>();
