import type { NotificationKind } from "@heartline/shared";

/**
 * What another feature tells the notifications about, after its write committed, on the node that
 * made it (so each event is handled once in the cluster). `notify` only queues: it never waits.
 */
export type NotificationEvent =
  | {
      kind: "direct_message";
      recipientId: string;
      actorId: string;
      conversationId: string;
      /** The message's text (a picture has none); shown only to those who chose previews. */
      preview: string | null;
      /** The receiver had hidden the conversation before this message (it unhid it). */
      wasHidden: boolean;
    }
  | { kind: "friend_request" | "friend_accepted"; recipientId: string; actorId: string; requestId: string }
  | {
      kind: "confession_comment" | "comment_reply";
      recipientId: string;
      /** For the block check only: never shown nor stored (the wall is anonymous). */
      actorId: string;
      confessionId: string;
      /** The comment replied to (`comment_reply`), the thread of its notification. */
      parentCommentId?: string;
    }
  | { kind: "streak_ending"; recipientId: string; actorId: string; count: number; day: string };

export type Notify = (event: NotificationEvent) => void;

/** Kinds that are about one person the recipient knows (a name in the text, their deletion removes it). */
export const NAMES_ACTOR: Record<NotificationKind, boolean> = {
  direct_message: true,
  friend_request: true,
  friend_accepted: true,
  confession_comment: false,
  comment_reply: false,
  streak_ending: true,
};
