import {
  emptyPayloadSchema,
  type JoinRandomInput,
  joinRandomSchema,
  SERVER_MESSAGES,
  typingSchema,
} from "@heartline/shared";
import { AppError } from "../../errors/app-error";
import { ackOptionsOf, answerAck, splitAckArgs, withAck } from "../../realtime/acks";
import { type SocketListenerSet, socketListenerSet } from "../../realtime/socket-listeners";
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

/** What one socket did in the random chat; created at its first random-chat event. */
interface SocketChatState {
  /** The last `join` choices: `next` searches again with them (spec §4). */
  choices: JoinRandomInput | undefined;
  /** The socket's joins, ends, nexts, switches and disconnect, one after another. */
  chain: Promise<unknown>;
}

export interface RandomChatListeners extends SocketListenerSet {
  /**
   * Settles once every disconnect clean-up begun so far has ended: a node shutting down closes its
   * sockets first (the socket plugin's preClose), then waits here before its Redis client closes, so
   * their partners elsewhere are told and their waits leave the shared line.
   */
  settled(): Promise<void>;
}

/**
 * The random chat's events (ARCHITECTURE §5). Every payload is parsed; a bad one is answered
 * `bad_request` and changes nothing. Joining, ending, next, switching and the disconnect of one
 * socket run one after another, so a burst of them cannot leave a person both paired and waiting.
 * One listener per event for every socket (`socket-listeners.ts`); the socket is `this`.
 */
export function randomChatListeners(deps: RandomChatDeps): RandomChatListeners {
  /** Disconnect clean-ups still running (each settles without throwing). */
  const leaving = new Set<Promise<void>>();
  const states = new WeakMap<HeartlineSocket, SocketChatState>();
  const stateOf = (socket: HeartlineSocket): SocketChatState => {
    let state = states.get(socket);
    if (!state) {
      state = { choices: undefined, chain: Promise.resolve() };
      states.set(socket, state);
    }
    return state;
  };
  const serially = <T>(socket: HeartlineSocket, work: (state: SocketChatState) => Promise<T>): Promise<T> => {
    const state = stateOf(socket);
    const result = state.chain.then(() => work(state));
    state.chain = result.catch(() => undefined);
    return result;
  };
  const options = { log: deps.log, failure: "random-chat event failed" };
  const handler = (work: (socket: HeartlineSocket, payload: unknown) => Promise<unknown>) =>
    withAck(options, work);

  /** Issue 14: nobody is matched before confirming 18+ (`confirm_adult`, or a signed-in session). */
  const requireAdult = (socket: HeartlineSocket): void => {
    if (socket.data.isAdultConfirmed !== true) throw new AppError("age_confirmation_required");
  };

  const onJoin = handler(async (socket, payload) => {
    const input = joinRandomSchema.parse(payload);
    requireAdult(socket);
    const { userId } = socket.data;
    await serially(socket, async (state) => {
      state.choices = input;
      await joinRandomChat({ deps, userId, socketId: socket.id, input });
    });
  });

  function onChatMessage(this: HeartlineSocket, ...args: unknown[]): void {
    const { payload, ack } = splitAckArgs(args);
    let aiRoomId: string | undefined;
    answerAck(
      ack,
      async () => {
        const sent = await sendRandomMessage({ deps, socket: this, payload });
        if (sent.isNew) deps.metrics.fanOut.random.inc();
        if (sent.isNew && deps.aiRooms.has(sent.roomId)) aiRoomId = sent.roomId;
        return { id: sent.id, timestamp: sent.timestamp };
      },
      {
        ...ackOptionsOf(options, this),
        timer: deps.metrics.sendSeconds.random,
        // The AI answers after the ack (ARCHITECTURE §9.2 order: ack, typing, reply, typing off).
        afterAck: () => {
          if (aiRoomId) void replyAsAi({ deps, roomId: aiRoomId });
        },
      },
    );
  }

  function onTyping(this: HeartlineSocket, payload: unknown): void {
    const parsed = typingSchema.safeParse(payload);
    const room = currentPairRoom(this);
    if (parsed.success && room)
      toPairPartner(this, room).emit("partner_typing", { isTyping: parsed.data.isTyping });
  }

  const onEndChat = handler(async (socket, payload) => {
    emptyPayloadSchema.parse(payload);
    await serially(socket, () => leaveRandomChat(deps, socket.data.userId, socket.id, "ended"));
  });

  const onNext = handler(async (socket, payload) => {
    emptyPayloadSchema.parse(payload);
    requireAdult(socket);
    const { userId } = socket.data;
    await serially(socket, async ({ choices }) => {
      if (!choices) throw new AppError("bad_request", SERVER_MESSAGES.nextBeforeJoin);
      await joinRandomChat({ deps, userId, socketId: socket.id, input: choices });
    });
  });

  const onSwitchToPerson = handler(async (socket, payload) => {
    emptyPayloadSchema.parse(payload);
    await serially(socket, () => switchToPerson({ deps, userId: socket.data.userId, socketId: socket.id }));
  });

  const onReportPartner = handler((socket, payload) => {
    const { userId, deviceId, clientIp } = socket.data;
    return reportPartner({ deps, userId, deviceId, ip: clientIp, payload });
  });

  function onLineStatus(this: HeartlineSocket, ...args: unknown[]): void {
    const { ack } = splitAckArgs(args);
    answerAck(ack, () => lineStatus({ deps, userId: this.data.userId }), ackOptionsOf(options, this));
  }

  function onDisconnecting(this: HeartlineSocket): void {
    const { userId } = this.data;
    const left = serially(this, () => leaveRandomChat(deps, userId, this.id, "disconnected")).catch(
      (error: unknown) =>
        deps.log.warn({ err: error, userId }, "random-chat cleanup after a disconnect failed"),
    );
    leaving.add(left);
    void left.then(() => leaving.delete(left));
  }

  const listeners = socketListenerSet({
    join: onJoin,
    chat_message: onChatMessage,
    typing: onTyping,
    end_chat: onEndChat,
    next: onNext,
    switch_to_person: onSwitchToPerson,
    report_partner: onReportPartner,
    line_status: onLineStatus,
    disconnecting: onDisconnecting,
  });
  return {
    ...listeners,
    settled: async () => {
      await Promise.all(leaving);
    },
  };
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
