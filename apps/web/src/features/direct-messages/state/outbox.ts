import type { DirectMessageSendType, DirectReplyPreview } from "@heartline/shared";
import { createOutboxStore, type OutboxEntry as PipelineEntry } from "../../chat-pipeline";

/** One of my direct messages the server has not confirmed, with the partner it goes to. */
export interface OutboxEntry extends PipelineEntry<DirectMessageSendType, DirectReplyPreview> {
  partnerId: string;
}

/** This tab's unconfirmed direct messages, across conversations. */
export const useDmOutboxStore = createOutboxStore<OutboxEntry>();
