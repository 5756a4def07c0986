import {
  emptyPayloadSchema,
  type JoinRandomInput,
  joinRandomSchema,
  SERVER_MESSAGES,
  typingSchema,
} from "@heartline/shared";
import { AppError } from "../../errors/app-error";
import { answerAck, splitAckArgs, withAck } from "../../realtime/acks";
import type { HeartlineSocket } from "../../realtime/types";
import { replyAsAi } from "./ai-replies";
import { endRandomChat } from "./end-random-chat";
import { joinRandomChat } from "./join-random-chat";
import { lineStatus } from "./line-status";
import { toPairPartner } from "./local-socket";
import { dropAiRoom, type RandomChatDeps } from "./random-chat-deps";
import { reportPartner } from "./report-partner";
import { currentPairRoom, sendRandomMessage } from "./send-random-message";
import { switchToPerson } from "./switch-to-person";

/**
 * The random chat's events (ARCHITECTURE §5). Every payload is parsed; a bad one is answered
 * `bad_request` and changes nothing. Joining, ending, next, switching and the disconnect of one
 * socket run one after another, so a burst of them cannot leave a person both paired and waiting.
 */
export function registerRandomChatHandlers(socket: HeartlineSocket, deps: RandomChatDeps): void {
  const { userId } = socket.data;
  const socketId = socket.id;
  /** The last `join` choices: `next` searches again with them (spec §4). */
  let choices: JoinRandomInput | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const result = chain.then(work);
    chain = result.catch(() => undefined);
    return result;
  };
  const base = { log: deps.log, context: { userId }, failure: "random-chat event failed" };
  const handler = (work: (payload: unknown) => Promise<unknown>) => withAck(base, work);

  /** Issue 14: nobody is matched before confirming 18+ (`confirm_adult`, or a signed-in session). */
  const requireAdult = (): void => {
    if (socket.data.isAdultConfirmed !== true) throw new AppError("age_confirmation_required");
  };

  const onJoin = handler(async (payload) => {
    const input = joinRandomSchema.parse(payload);
    requireAdult();
    await serially(async () => {
      choices = input;
      await joinRandomChat({ deps, userId, socketId, input });
    });
  });

  const onChatMessage = (...args: unknown[]): void => {
    const { payload, ack } = splitAckArgs(args);
    let aiRoomId: string | undefined;
    answerAck(
      ack,
      async () => {
        const sent = await sendRandomMessage({ deps, socket, payload });
        if (sent.isNew && deps.aiRooms.has(sent.roomId)) aiRoomId = sent.roomId;
        return { id: sent.id, timestamp: sent.timestamp };
      },
      {
        ...base,
        // The AI answers after the ack (ARCHITECTURE §9.2 order: ack, typing, reply, typing off).
        afterAck: () => {
          if (aiRoomId) void replyAsAi({ deps, roomId: aiRoomId });
        },
      },
    );
  };

  const onTyping = (payload: unknown): void => {
    const parsed = typingSchema.safeParse(payload);
    const room = currentPairRoom(socket);
    if (parsed.success && room)
      toPairPartner(socket, room).emit("partner_typing", { isTyping: parsed.data.isTyping });
  };

  const onEndChat = handler(async (payload) => {
    emptyPayloadSchema.parse(payload);
    await serially(() => leaveRandomChat(deps, userId, socketId, "ended"));
  });

  const onNext = handler(async (payload) => {
    emptyPayloadSchema.parse(payload);
    requireAdult();
    await serially(async () => {
      if (!choices) throw new AppError("bad_request", SERVER_MESSAGES.nextBeforeJoin);
      await joinRandomChat({ deps, userId, socketId, input: choices });
    });
  });

  const onSwitchToPerson = handler(async (payload) => {
    emptyPayloadSchema.parse(payload);
    await serially(() => switchToPerson({ deps, userId, socketId }));
  });

  const onReportPartner = handler((payload) =>
    reportPartner({ deps, userId, deviceId: socket.data.deviceId, ip: socket.data.clientIp, payload }),
  );

  const onLineStatus = (...args: unknown[]): void => {
    const { ack } = splitAckArgs(args);
    answerAck(ack, () => lineStatus({ deps, userId }), base);
  };

  const onDisconnecting = (): void => {
    void serially(() => leaveRandomChat(deps, userId, socketId, "disconnected")).catch((error: unknown) =>
      deps.log.warn({ err: error, userId }, "random-chat cleanup after a disconnect failed"),
    );
  };

  const onDisconnect = (): void => {
    socket.off("join", onJoin);
    socket.off("chat_message", onChatMessage);
    socket.off("typing", onTyping);
    socket.off("end_chat", onEndChat);
    socket.off("next", onNext);
    socket.off("switch_to_person", onSwitchToPerson);
    socket.off("report_partner", onReportPartner);
    socket.off("line_status", onLineStatus);
    socket.off("disconnecting", onDisconnecting);
    socket.off("disconnect", onDisconnect);
  };

  socket.on("join", onJoin);
  socket.on("chat_message", onChatMessage);
  socket.on("typing", onTyping);
  socket.on("end_chat", onEndChat);
  socket.on("next", onNext);
  socket.on("switch_to_person", onSwitchToPerson);
  socket.on("report_partner", onReportPartner);
  socket.on("line_status", onLineStatus);
  socket.on("disconnecting", onDisconnecting);
  socket.on("disconnect", onDisconnect);
}

/** Stops everything this socket does in the random chat: its chat (the partner is told) and its wait. */
async function leaveRandomChat(
  deps: RandomChatDeps,
  userId: string,
  socketId: string,
  reason: "ended" | "disconnected",
): Promise<void> {
  const entry = await deps.queue.get(userId);
  if (entry?.socketId === socketId) await deps.queue.leave(userId);
  await endRandomChat({ deps, userId, socketId, reason });
  if (reason === "disconnected") {
    deps.aiNotBefore.delete(userId);
    for (const [roomId, room] of deps.aiRooms) if (room.socketId === socketId) dropAiRoom({ deps, roomId });
  }
}
