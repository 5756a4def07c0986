import { type JoinRandomInput, normaliseInterests, normaliseLanguages } from "@heartline/shared";
import { enqueue } from "./matchmaking";
import type { RandomChatDeps } from "./random-chat-deps";

export interface JoinRandomChatOptions {
  deps: RandomChatDeps;
  userId: string;
  socketId: string;
  /** Already parsed with `joinRandomSchema`. */
  input: JoinRandomInput;
}

/**
 * `join` (and `next`): look for a partner with these choices. Whoever is already in a chat leaves it
 * first, in the same step (`enqueue`), so nobody ever has two partners (issue 4); a second `join` of
 * the same person replaces their place in the line.
 */
export async function joinRandomChat({
  deps,
  userId,
  socketId,
  input,
}: JoinRandomChatOptions): Promise<void> {
  deps.aiNotBefore.delete(userId);
  await enqueue({
    deps,
    entry: {
      id: userId,
      gender: input.gender,
      preference: input.preference,
      interests: normaliseInterests(input.interests),
      languages: normaliseLanguages(input.languages),
      joinedAt: deps.clock(),
      socketId,
      // The fallback is on unless the user turned it off in /settings (ARCHITECTURE §9.2).
      allowAI: input.allowAI ?? true,
      // The line skips this entry if this node stops beating (its socket is gone with it).
      ...(deps.isClustered ? { nodeId: deps.nodeId } : {}),
    },
  });
}
