import { SERVER_MESSAGES } from "@heartline/shared";
import { AppError } from "../../errors/app-error";
import { finishPair } from "./end-random-chat";
import { enqueue } from "./matchmaking";
import type { RandomChatDeps } from "./random-chat-deps";

export interface SwitchToPersonOptions {
  deps: RandomChatDeps;
  userId: string;
  socketId: string;
}

/**
 * `switch_to_person`: after `person_available`, leave the AI for the person the server found. The
 * AI chat ends and the user rejoins the line with their original join time, so the longest-waiting
 * rule puts them first (ARCHITECTURE §9.2).
 */
export async function switchToPerson({ deps, userId, socketId }: SwitchToPersonOptions): Promise<void> {
  const pair = await deps.pairs.byUser(userId);
  const me = pair?.members.find((member) => member.userId === userId);
  const isWithAi = pair?.members.some((member) => member.isAI) ?? false;
  if (!pair || !me || me.socketId !== socketId || !isWithAi)
    throw new AppError("conflict", SERVER_MESSAGES.notWithAi);
  const entry = await deps.pairs.unwatch(userId);
  await finishPair({ deps, roomId: pair.roomId, reason: "ended", actingSocketId: socketId });
  if (!entry) throw new AppError("conflict", SERVER_MESSAGES.notWithAi);
  // If that person is gone already, the AI fills in again only after another full wait.
  deps.aiNotBefore.set(userId, deps.clock() + deps.aiMatchTimeoutMs);
  await enqueue({ deps, entry: { ...entry, socketId } });
}
