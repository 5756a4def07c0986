import {
  directMessageDeliveredSchema,
  directMessageTypingSchema,
  GROUP_TYPING_FORWARD_MIN_MS,
  isTypingWorthAnnouncing,
} from "@heartline/shared";
import { withAck } from "../../realtime/acks";
import { userRoom } from "../../realtime/rooms";
import { type SocketListenerSet, socketListenerSet } from "../../realtime/socket-listeners";
import type { HeartlineSocket } from "../../realtime/types";
import { isBlockedEitherWay } from "../../social/index";
import { markDelivered } from "./conversation-state";
import type { DirectMessagesDeps } from "./direct-messages-deps";
import { requireDmUser } from "./dm-access";
import { sendDirectMessage } from "./send-direct-message";

/**
 * The direct-message events (ARCHITECTURE §5). Every payload is parsed; a send is acked only after
 * commit; typing and delivery receipts have no ack and are dropped when not allowed. One listener per
 * event for every socket (`socket-listeners.ts`); the socket is `this`.
 */
export function directMessageListeners(deps: DirectMessagesDeps): SocketListenerSet {
  const onDirectMessage = withAck(
    { log: deps.log, failure: "direct message failed", timer: deps.metrics.sendSeconds.dm },
    async (socket, payload) => {
      const { message, isNew } = await sendDirectMessage({ deps, socket, payload });
      // To the sender's and the receiver's own rooms.
      if (isNew) deps.metrics.fanOut.dm.inc(2);
      return message;
    },
  );

  const userIdOrNull = (socket: HeartlineSocket) => (socket.data.isVisitor ? null : socket.data.userId);
  const dropped = () => undefined;

  // Per socket and partner: what the socket last forwarded, so a repeat costs no database check.
  const lastTyping = new WeakMap<HeartlineSocket, Map<string, { isTyping: boolean; at: number }>>();
  function onTyping(this: HeartlineSocket, payload: unknown): void {
    const parsed = directMessageTypingSchema.safeParse(payload);
    const userId = userIdOrNull(this);
    if (!parsed.success || !userId || parsed.data.receiverId === userId) return;
    const { receiverId, isTyping } = parsed.data;
    const now = deps.clock();
    let marks = lastTyping.get(this);
    if (!marks) {
      marks = new Map();
      lastTyping.set(this, marks);
    }
    const last = marks.get(receiverId) ?? { isTyping: false, at: 0 };
    if (!isTypingWorthAnnouncing(last, isTyping, now, GROUP_TYPING_FORWARD_MIN_MS)) return;
    if (marks.size > 50) marks.clear();
    marks.set(receiverId, { isTyping, at: now });
    Promise.all([requireDmUser(deps.db, userId), isBlockedEitherWay(deps.db, userId, receiverId)]).then(
      ([, blocked]) => {
        if (!blocked)
          deps.io.to(userRoom(receiverId)).emit("direct_message_typing", { senderId: userId, isTyping });
      },
      dropped,
    );
  }

  function onDelivered(this: HeartlineSocket, payload: unknown): void {
    const parsed = directMessageDeliveredSchema.safeParse(payload);
    const userId = userIdOrNull(this);
    if (!parsed.success || !userId) return;
    const { partnerId, upToSeq } = parsed.data;
    requireDmUser(deps.db, userId)
      .then(() => markDelivered({ deps, userId, partnerId, upToSeq }))
      .catch((error: unknown) => deps.log.debug({ err: error }, "delivery receipt dropped"));
  }

  return socketListenerSet({
    direct_message: onDirectMessage,
    direct_message_typing: onTyping,
    direct_message_delivered: onDelivered,
  });
}
