import type { PresenceStore } from "./presence-store";

/**
 * Keeps the header's online count (spec §1, §7 `online_users`) true on every client without
 * flooding them: connects and disconnects only mark the count dirty; at most one push per
 * `coalesceMs` follows, so a reconnect storm of N sockets costs a handful of broadcasts, not N².
 */

export interface OnlineCountOptions {
  store: PresenceStore;
  /** Sockets connected to this node right now. */
  localCount: () => number;
  /**
   * Sends the count to this node's clients. Every node computes the same total and pushes it to its own
   * sockets, so a change reaches each client once, not once per node (docs/scaling.md §6.4).
   */
  broadcast: (count: number) => void;
  /**
   * Shared stores only: tells the other nodes that this node's count changed (each then reads the total
   * and pushes it to its own clients, as `remoteChanged()`).
   */
  announce?: () => void;
  onError: (error: unknown) => void;
  coalesceMs?: number;
  /**
   * The window grows with the sockets on this node (every push goes to all of them): at most one push
   * per this many ms per socket, so a fill or a reconnect storm of N sockets costs O(N) events, not N².
   */
  msPerSocket?: number;
  /** Shared stores only: how often this node re-publishes its count (keeps its key alive). */
  refreshMs?: number;
  /** Shared stores only: one re-check after a push, to correct a total read during another node's change. */
  settleMs?: number;
}

export const DEFAULT_COALESCE_MS = 250;
/** 2,000 sockets: one push a second; 10,000: one every 5 s. */
export const DEFAULT_MS_PER_SOCKET = 0.5;
export const DEFAULT_REFRESH_MS = 10_000;
export const DEFAULT_SETTLE_MS = 1_000;

export class OnlineCount {
  private readonly coalesceMs: number;
  private readonly msPerSocket: number;
  private readonly refreshMs: number;
  private readonly settleMs: number;
  private syncTimer: NodeJS.Timeout | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;
  private isSyncing = false;
  private isDirty = false;
  private isStopped = false;
  private lastPushed: number | undefined;
  private lastPublishedLocal: number | undefined;

  constructor(private readonly options: OnlineCountOptions) {
    this.coalesceMs = options.coalesceMs ?? DEFAULT_COALESCE_MS;
    this.msPerSocket = options.msPerSocket ?? DEFAULT_MS_PER_SOCKET;
    this.refreshMs = options.refreshMs ?? DEFAULT_REFRESH_MS;
    this.settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
  }

  /** Starts the periodic refresh that keeps this node's count alive in a shared store. */
  start(): void {
    if (!this.options.store.isShared || this.refreshTimer) return;
    this.refreshTimer = setInterval(() => this.requestSync(0), this.refreshMs);
    this.refreshTimer.unref();
    this.requestSync(0);
  }

  /** A socket connected or disconnected on this node. */
  changed(): void {
    this.requestSync(this.window());
  }

  /** Another node's count changed (it announced it): read the total again and push it here. */
  remoteChanged(): void {
    this.requestSync(this.window());
  }

  /** The total right now (for `request_online_users` and `GET /api/online-count`). */
  async current(): Promise<number> {
    return this.options.store.totalCount(this.options.localCount());
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    clearTimeout(this.syncTimer);
    clearInterval(this.refreshTimer);
    this.syncTimer = undefined;
    this.refreshTimer = undefined;
    // A Redis outage must not block shutdown; the node's key expires on its own.
    await this.options.store.close().catch(this.options.onError);
  }

  private window(): number {
    return Math.max(this.coalesceMs, this.options.localCount() * this.msPerSocket);
  }

  private requestSync(delayMs: number): void {
    if (this.isStopped) return;
    if (this.syncTimer || this.isSyncing) {
      this.isDirty = true;
      return;
    }
    this.syncTimer = setTimeout(() => {
      this.syncTimer = undefined;
      void this.sync();
    }, delayMs);
  }

  private async sync(): Promise<void> {
    this.isSyncing = true;
    this.isDirty = false;
    let hasPushed = false;
    try {
      const local = this.options.localCount();
      await this.options.store.publishLocalCount(local);
      // Only this node's own change is announced: a sync that another node's change asked for is not
      // echoed back.
      if (local !== this.lastPublishedLocal) {
        this.lastPublishedLocal = local;
        if (this.options.store.isShared) this.options.announce?.();
      }
      const total = await this.options.store.totalCount(local);
      if (!this.isStopped && total !== this.lastPushed) {
        this.lastPushed = total;
        this.options.broadcast(total);
        hasPushed = true;
      }
    } catch (error) {
      this.options.onError(error);
    } finally {
      this.isSyncing = false;
    }
    if (this.isDirty) {
      this.requestSync(this.window());
    } else if (hasPushed && this.options.store.isShared) {
      this.requestSync(this.settleMs);
    }
  }
}
