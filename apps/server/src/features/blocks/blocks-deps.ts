import type { Database } from "../../db/create-database";
import type { HeartlineServer } from "../../realtime/types";

/**
 * What blocking needs from friends, given by the composition root (friends reads the block relation,
 * so blocks does not import friends): ends any request or friendship between the two and tells both.
 */
export interface FriendshipPort {
  endBetween(userId: string, otherId: string): Promise<void>;
}

export interface BlocksDeps {
  db: Database;
  io: HeartlineServer;
  friendships: FriendshipPort;
}
