/**
 * Where the online count lives (STYLE: state that must work across nodes sits behind an interface
 * with two implementations). Each node owns its own local connection count; the total is the sum.
 */
export interface PresenceStore {
  /** Whether other nodes contribute to the total (then it can change without a local event). */
  readonly isShared: boolean;
  /** Records this node's number of connected sockets. */
  publishLocalCount(count: number): Promise<void>;
  /** The total: `localCount` (fresh) plus every other live node's last published count. */
  totalCount(localCount: number): Promise<number>;
  /** Withdraws this node's count (shutdown). */
  close(): Promise<void>;
}
