import {
  directMessageDeliveredSchema,
  directMessageTypingSchema,
  GROUP_TYPING_FORWARD_MIN_MS,
  isTypingWorthAnnouncing,
} from "@heartline/shared";
import { withAck } from "../../realtime/acks";
import { userRoom } from "../../realtime/rooms";
import type { HeartlineSocket } from "../../realtime/types";
import { isBlockedEitherWay } from "../blocks/index";
import { markDelivered } from "./conversation-state";
import type { DirectMessagesDeps } from "./direct-messages-deps";
import { requireDmUser } from "./dm-access";
import { sendDirectMessage } from "./send-direct-message";

/**
 * The direct-message events (ARCHITECTURE §5). Every payload is parsed; a send is acked only after
 * commit; typing and delivery receipts have no ack and are dropped when not allowed.
 */
export function registerDirectMessageHandlers(socket: HeartlineSocket, deps: DirectMessagesDeps): void {
  const onDirectMessage = withAck(
    { log: deps.log, context: { userId: socket.data.userId }, failure: "direct message failed" },
    async (payload) => (await sendDirectMessage({ deps, socket, payload })).message,
  );

  const userIdOrNull = () => (socket.data.isVisitor ? null : socket.data.userId);
  const dropped = () => undefined;

  // Per partner: what this socket last forwarded, so a repeat costs no database check.
  const lastTyping = new Map<string, { isTyping: boolean; at: number }>();
  const onTyping = (payload: unknown): void => {
    const parsed = directMessageTypingSchema.safeParse(payload);
    const userId = userIdOrNull();
    if (!parsed.success || !userId || parsed.data.receiverId === userId) return;
    const { receiverId, isTyping } = parsed.data;
    const now = deps.clock();
    const last = lastTyping.get(receiverId) ?? { isTyping: false, at: 0 };
    if (!isTypingWorthAnnouncing(last, isTyping, now, GROUP_TYPING_FORWARD_MIN_MS)) return;
    if (lastTyping.size > 50) lastTyping.clear();
    lastTyping.set(receiverId, { isTyping, at: now });
    Promise.all([requireDmUser(deps.db, userId), isBlockedEitherWay(deps.db, userId, receiverId)]).then(
      ([, blocked]) => {
        if (!blocked)
          deps.io.to(userRoom(receiverId)).emit("direct_message_typing", { senderId: userId, isTyping });
      },
      dropped,
    );
  };

  const onDelivered = (payload: unknown): void => {
    const parsed = directMessageDeliveredSchema.safeParse(payload);
    const userId = userIdOrNull();
    if (!parsed.success || !userId) return;
    const { partnerId, upToSeq } = parsed.data;
    requireDmUser(deps.db, userId)
      .then(() => markDelivered({ deps, userId, partnerId, upToSeq }))
      .catch((error: unknown) => deps.log.debug({ err: error }, "delivery receipt dropped"));
  };

  const onDisconnect = (): void => {
    socket.off("direct_message", onDirectMessage);
    socket.off("direct_message_typing", onTyping);
    socket.off("direct_message_delivered", onDelivered);
    socket.off("disconnect", onDisconnect);
  };

  socket.on("direct_message", onDirectMessage);
  socket.on("direct_message_typing", onTyping);
  socket.on("direct_message_delivered", onDelivered);
  socket.on("disconnect", onDisconnect);
}
