import type { FastifyBaseLogger } from "fastify";
import type { MatchQueue } from "./match-queue";

/** How often each node says it is alive. */
export const NODE_HEARTBEAT_INTERVAL_MS = 1_000;
/**
 * How long a node counts as alive after its last beat: a node gone this long has its waiting people
 * dropped from the shared line when a joiner would take them (issue #16). Several beats, so a slow
 * tick or a Redis hiccup never drops a live node's people.
 */
export const NODE_HEARTBEAT_TTL_MS = 5_000;

/** The per-node heartbeat of the shared line (`MatchQueue.heartbeat`), on a timer of its own. */
export class NodeHeartbeat {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly queue: MatchQueue,
    private readonly nodeId: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.timer) return;
    void this.beat();
    this.timer = setInterval(() => void this.beat(), NODE_HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async beat(): Promise<void> {
    try {
      await this.queue.heartbeat(this.nodeId, NODE_HEARTBEAT_TTL_MS);
    } catch (error) {
      this.log.warn({ err: error }, "random-chat node heartbeat failed");
    }
  }
}
