import { randomUUID } from "node:crypto";
import { type ChatMessage, REPORT_SNAPSHOT_SIZE } from "@heartline/shared";
import type { AiTurn } from "../ai-companion/index";
import { finishPair } from "./end-random-chat";
import { toSocket } from "./local-socket";
import { enqueue, isSocketAlive } from "./matchmaking";
import type { AiRoom, RandomChatDeps } from "./random-chat-deps";

/**
 * The AI companion's answer to the person's messages (ARCHITECTURE §9.2): `partner_typing` true, the
 * reply as a `chat_message` from the persona, `partner_typing` false. One reply at a time per chat;
 * messages sent meanwhile are answered together by the next reply.
 */
export interface ReplyAsAiOptions {
  deps: RandomChatDeps;
  roomId: string;
}

export async function replyAsAi({ deps, roomId }: ReplyAsAiOptions): Promise<void> {
  const room = deps.aiRooms.get(roomId);
  if (!room) return;
  if (room.isReplying) {
    room.hasPending = true;
    return;
  }
  room.isReplying = true;
  const target = toSocket(deps.io, room.socketId);
  try {
    do {
      room.hasPending = false;
      target.emit("partner_typing", { isTyping: true });
      const history = await deps.pairs.messages(roomId);
      const content = await deps.ai.reply(
        room.persona,
        history.map((message) => toTurn(message, room)),
        room.language,
      );
      if (deps.aiRooms.get(roomId) !== room) return;
      const message: ChatMessage = {
        id: randomUUID(),
        content,
        senderId: aiMemberId(room),
        timestamp: deps.clock(),
        type: "text",
      };
      if (!(await deps.pairs.addMessage(roomId, message, REPORT_SNAPSHOT_SIZE))) return;
      target.emit("chat_message", message);
      target.emit("partner_typing", { isTyping: false });
    } while (room.hasPending);
  } catch (error) {
    deps.log.warn({ err: error }, "AI companion reply failed");
    if (deps.aiRooms.get(roomId) !== room) return;
    await failAiChat(deps, roomId, room).catch((failure: unknown) =>
      deps.log.error({ err: failure }, "ending a failed AI chat failed"),
    );
  } finally {
    room.isReplying = false;
  }
}

export function aiMemberId(room: AiRoom): string {
  return `ai-${room.persona.id}`;
}

/**
 * An AI error ends that AI chat as a partner's disconnect would, and the person goes back to the
 * line with their original join time; the AI may fill in again only after another full wait.
 */
async function failAiChat(deps: RandomChatDeps, roomId: string, room: AiRoom): Promise<void> {
  toSocket(deps.io, room.socketId).emit("partner_typing", { isTyping: false });
  const entry = await deps.pairs.unwatch(room.userId);
  const ended = await finishPair({ deps, roomId, reason: "disconnected", actingSocketId: "" });
  if (!ended || !entry || !(await isSocketAlive(deps, room.socketId))) return;
  deps.aiNotBefore.set(room.userId, deps.clock() + deps.aiMatchTimeoutMs);
  await enqueue({ deps, entry: { ...entry, socketId: room.socketId } });
}

function toTurn(message: ChatMessage, room: AiRoom): AiTurn {
  return { role: message.senderId === room.userId ? "user" : "assistant", content: message.content };
}
