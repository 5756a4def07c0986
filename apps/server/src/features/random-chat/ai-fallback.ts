import { randomUUID } from "node:crypto";
import { type LanguageCode, languageOfAcceptLanguage } from "@heartline/shared";
import { pairRoom } from "../../realtime/rooms";
import type { HeartlineSocket } from "../../realtime/types";
import type { AiPersona } from "../ai-companion/index";
import { finishPair } from "./end-random-chat";
import { joinSocket, localSocket, toSocket } from "./local-socket";
import type { WaitingEntry } from "./match-queue";
import { pairUp } from "./matchmaking";
import type { Pair } from "./pair-store";
import type { RandomChatDeps } from "./random-chat-deps";

/** How often each node looks at the line (expired cooldowns, waits long enough for the AI). */
export const LINE_SWEEP_INTERVAL_MS = 1_000;
/**
 * The most long waits of this node one pass reads (issue #16: never the whole line every second); more
 * wait for the next pass, oldest first.
 */
export const FILL_IN_BATCH = 64;

/**
 * The per-node line timer of the random chat: pairs people whose cooldown or language hold ended
 * (`MatchQueue.sweep`) and lets the AI companion fill in for this node's people who waited
 * `aiMatchTimeoutMs` with the fallback allowed while the companion is available (spec §4 AI fallback,
 * ARCHITECTURE §9.2). It also tells clients `ai_status`: each socket on connect, everyone here when availability changes.
 */
export class AiFallback {
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private isSweeping = false;

  constructor(private readonly deps: RandomChatDeps) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), LINE_SWEEP_INTERVAL_MS);
    this.timer.unref();
    this.unsubscribe = this.deps.ai.onAvailabilityChange((available) => {
      // Each node has its own companion and health check: it speaks for its own sockets only.
      this.deps.io.local.emit("ai_status", { available });
    });
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  announceTo(socket: HeartlineSocket): void {
    socket.emit("ai_status", { available: this.deps.ai.isAvailable() });
  }

  /** One pass over the line; a pass still running (slow Redis) skips the next one. */
  async tick(): Promise<void> {
    if (this.isSweeping) return;
    this.isSweeping = true;
    try {
      const now = this.deps.clock();
      for (const [a, b] of await this.deps.queue.sweep(now)) await pairUp({ deps: this.deps, a, b });
      if (this.deps.ai.isAvailable()) await this.fillInForLongWaits(now);
    } catch (error) {
      this.deps.log.warn({ err: error }, "random-chat line sweep failed");
    } finally {
      this.isSweeping = false;
    }
  }

  private async fillInForLongWaits(now: number): Promise<void> {
    const { deps } = this;
    const longWaits = await deps.queue.longWaits(deps.nodeId, now - deps.aiMatchTimeoutMs, FILL_IN_BATCH);
    for (const entry of longWaits) {
      if ((deps.aiNotBefore.get(entry.id) ?? 0) > now) continue;
      // Only this node's sockets: the AI chat runs where the person's messages arrive.
      const socket = localSocket(deps.io, entry.socketId);
      if (!socket?.connected || !deps.ai.isAvailable()) continue;
      const persona = deps.ai.pickPersona(entry.preference);
      if (!persona) continue;
      // Leaving the line is the claim: a person matched meanwhile is not taken from their partner.
      if (!(await deps.queue.leave(entry.id))) continue;
      await this.startAiChat(entry, persona, aiReplyLanguage(entry, socket));
    }
  }

  private async startAiChat(entry: WaitingEntry, persona: AiPersona, language: LanguageCode): Promise<void> {
    const { deps } = this;
    const aiId = `ai-${persona.id}`;
    const pair: Pair = {
      roomId: randomUUID(),
      members: [
        { userId: entry.id, socketId: entry.socketId, gender: entry.gender, isAI: false },
        { userId: aiId, socketId: "", gender: persona.gender, isAI: true, name: persona.name },
      ],
      startedAt: deps.clock(),
    };
    if (!(await deps.pairs.create(pair))) return;
    deps.aiRooms.set(pair.roomId, {
      persona,
      userId: entry.id,
      socketId: entry.socketId,
      language,
      isReplying: false,
      hasPending: false,
    });
    // The search for a person goes on while the AI chats (ARCHITECTURE §9.2).
    await deps.pairs.watch(entry);
    joinSocket(deps.io, entry.socketId, pairRoom(pair.roomId));
    toSocket(deps.io, entry.socketId).emit("matched", {
      roomId: pair.roomId,
      partner: { id: aiId, gender: persona.gender, isAI: true, name: persona.name },
    });
    if (!localSocket(deps.io, entry.socketId)?.connected) {
      await finishPair({ deps, roomId: pair.roomId, reason: "disconnected", actingSocketId: entry.socketId });
    }
  }
}

/**
 * The language the AI companion answers in (issue #39): the person's first "Languages I speak", else
 * the best of ours their browser asked for at the handshake (`Accept-Language`), else English.
 */
export function aiReplyLanguage(entry: WaitingEntry, socket: HeartlineSocket): LanguageCode {
  const header = socket.handshake.headers["accept-language"];
  return (
    entry.languages?.[0] ?? languageOfAcceptLanguage(typeof header === "string" ? header : undefined) ?? "en"
  );
}
