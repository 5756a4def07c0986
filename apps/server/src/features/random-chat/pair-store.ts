import type { ChatMessage, Gender } from "@heartline/shared";
import type { WaitingEntry } from "./match-queue";

/** One side of a random-chat pair. */
export interface PairMember {
  /** A user or visitor id; for the AI companion `"ai-" + persona.id` (shared by many pairs). */
  userId: string;
  /** The socket in the chat (`io.to(socketId)` reaches it on any node); "" for the AI companion. */
  socketId: string;
  gender: Gender;
  isAI: boolean;
  /** The AI persona's display name (AI members only). */
  name?: string;
  /** The node that holds the socket (from the waiting entry), when the line is shared. */
  nodeId?: string;
}

/** Two people (or a person and the AI companion) chatting in Socket.IO room `pair:{roomId}`. */
export interface Pair {
  /** A uuid, unique per pair. */
  roomId: string;
  members: readonly [PairMember, PairMember];
  startedAt: number;
}

/** What `addMessage` answers. */
export interface AddMessageResult {
  /** False when this message id was already recorded in this pair: the send is a retry. */
  isNew: boolean;
  /** The timestamp the id was first recorded with (so a retry gets the same ack). */
  timestamp: number;
}

/**
 * Who chats with whom in the random chat, the pair's latest messages (for report snapshots) and the
 * "AI watch" list (STYLE: state that must work across nodes sits behind an interface).
 * Two implementations: `MemoryPairStore` (one process) and `RedisPairStore` (many nodes).
 *
 * Invariants every implementation keeps:
 * - a human user is in at most one live pair: `create` refuses (returns false, writes nothing) when
 *   either human member already is in one; AI members are never indexed by user (one persona chats
 *   with many people at once), so `byUser` finds only humans;
 * - `end` is atomic: of several concurrent calls for one pair exactly one gets the pair, the others
 *   get null (so the partner is told `partner_left` once);
 * - message ids are unique per pair for the pair's whole life (not only within the kept window);
 *   `addMessage` on a pair that no longer exists records nothing and returns null;
 * - an ended pair stays readable through `lastEnded(userId)` of each human member for `keepMs`
 *   (a user may report the partner who just left), then is forgotten; a newer ended pair replaces it.
 */
export interface PairStore {
  /** Records a new live pair; false (and nothing written) when a human member is already paired. */
  create(pair: Pair): Promise<boolean>;
  /** The live pair a human user is in, if any. */
  byUser(userId: string): Promise<Pair | null>;
  /** The live pair with this room id, if any. */
  get(roomId: string): Promise<Pair | null>;
  /**
   * Ends a live pair: removes it and its user index, keeps it with its messages as each human
   * member's `lastEnded` for `keepMs`. Returns the pair to exactly one caller, null to the others.
   */
  end(roomId: string, keepMs: number): Promise<Pair | null>;
  /** The pair a human user was last in, if it ended less than its `keepMs` ago. */
  lastEnded(userId: string): Promise<Pair | null>;
  /**
   * Records a message of a live pair and keeps only the latest `keep` messages (oldest dropped).
   * A repeated id records nothing and answers `isNew: false` with the first timestamp.
   */
  addMessage(roomId: string, message: ChatMessage, keep: number): Promise<AddMessageResult | null>;
  /** The timestamp a message id was first recorded with in a live pair, or null (a retry's ack). */
  firstSeen(roomId: string, messageId: string): Promise<number | null>;
  /** The kept messages of a live or `lastEnded` pair, oldest first; [] when unknown. */
  messages(roomId: string): Promise<ChatMessage[]>;
  /**
   * Puts a user who chats with the AI on the watch list, with the waiting entry they had (original
   * `joinedAt`): a compatible person who joins later is offered to them (ARCHITECTURE §9.2).
   * Replaces any earlier watch entry of the same user and forgets its offers.
   */
  watch(entry: WaitingEntry): Promise<void>;
  /** Takes a user off the watch list; returns their entry, or null when they were not watched. */
  unwatch(userId: string): Promise<WaitingEntry | null>;
  /** Everyone on the watch list, oldest `joinedAt` first. */
  watching(): Promise<WaitingEntry[]>;
  /**
   * True exactly once per (watched user, person) while the user stays watched: the server tells
   * the watched user `person_available` once per such person.
   */
  claimOffer(watcherId: string, personId: string): Promise<boolean>;
  close(): Promise<void>;
}
