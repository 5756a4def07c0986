import {
  FRIEND_ERROR_MESSAGES,
  type SendFriendRequestInput,
  type SendFriendRequestResult,
} from "@heartline/shared";
import { and, eq } from "drizzle-orm";
import { friendRequests } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import { isBlockedEitherWay } from "../../social/index";
import type { UserRow } from "../accounts/index";
import { findFriendTarget } from "./find-friend-target";
import { friendViewOf } from "./friend-lists";
import { pushNewRequest, pushRequestUpdated } from "./friend-pushes";
import { findPair, toRequestView } from "./friend-store";
import type { FriendsDeps } from "./friends-deps";

export interface SendFriendRequestOptions {
  deps: FriendsDeps;
  sender: UserRow;
  input: SendFriendRequestInput;
}

/** Tries when the pair's row changes between our insert and our read (cancelled, declined meanwhile). */
const MAX_ATTEMPTS = 3;

/**
 * spec §3 Friend request, ARCHITECTURE §7. One row per unordered pair: the insert does nothing when the
 * pair already has one (the unique index on least/greatest decides between simultaneous senders), and
 * then the row says what happens. A request to someone who already asked you accepts theirs, so two
 * people asking each other at the same moment end as one friendship.
 */
export async function sendFriendRequest(options: SendFriendRequestOptions): Promise<SendFriendRequestResult> {
  const { deps, sender, input } = options;
  // Every attempt counts, refused ones too: the limit also bounds username probing.
  await consumeOrThrow(deps.requestLimiter, sender.id, FRIEND_ERROR_MESSAGES.tooManyRequests);
  const target = await findFriendTarget(deps.db, input);
  if (target.id === sender.id) throw new AppError("bad_request", FRIEND_ERROR_MESSAGES.cannotAddSelf);
  if (target.isGuest || target.isAnonymous === true) {
    throw new AppError("forbidden", FRIEND_ERROR_MESSAGES.guestTarget);
  }
  // The same text either way: nobody learns that they were blocked.
  if (await isBlockedEitherWay(deps.db, sender.id, target.id)) {
    throw new AppError("forbidden", FRIEND_ERROR_MESSAGES.blocked);
  }

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const [inserted] = await deps.db
      .insert(friendRequests)
      .values({ senderId: sender.id, receiverId: target.id })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      pushNewRequest(deps, inserted, { sender, receiver: target });
      return { status: "pending", request: toRequestView(inserted, sender.id, target) };
    }
    const existing = await findPair(deps.db, sender.id, target.id);
    if (!existing) continue;
    if (existing.status === "accepted") throw new AppError("conflict", FRIEND_ERROR_MESSAGES.alreadyFriends);
    if (existing.senderId === sender.id) {
      throw new AppError("conflict", FRIEND_ERROR_MESSAGES.alreadyRequested);
    }
    const [accepted] = await deps.db
      .update(friendRequests)
      .set({ status: "accepted", createdAt: new Date() })
      .where(
        and(
          eq(friendRequests.id, existing.id),
          eq(friendRequests.receiverId, sender.id),
          eq(friendRequests.status, "pending"),
        ),
      )
      .returning();
    if (accepted) {
      pushRequestUpdated(deps, accepted, "accepted");
      return { status: "accepted", friend: await friendViewOf(deps, accepted, target) };
    }
  }
  throw new AppError("conflict");
}
