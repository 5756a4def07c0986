import { createAdapter, type RedisStreamsAdapterOptions } from "@socket.io/redis-streams-adapter";
import type { Namespace } from "socket.io";
import { type BroadcastOptions, ClusterAdapter, MessageType } from "socket.io-adapter";
import type { RedisClient } from "../lib/redis-client";

type AnyPacket = Parameters<ClusterAdapter["broadcast"]>[0];

/** The protected parts of the cluster adapter this file calls. */
interface ClusterAdapterInternals {
  publish(message: { type: MessageType; data: unknown }): void;
  doPublish(message: unknown): Promise<string>;
}

/**
 * The Redis streams adapter, with one change on the broadcast path (issue #16, bench B1): this node's
 * sockets get a broadcast first, encoded once, and the stream write (XADD) for the other nodes follows.
 * The stock cluster adapter waits for that write before it sends to its own sockets: the stream offset
 * it waits for is only added to the packet for connection-state recovery, which Heartline does not turn
 * on (`plugins/socket.ts`; turning it on needs the stock order back).
 */
export function createLocalFirstAdapter(redis: RedisClient, options?: RedisStreamsAdapterOptions) {
  const createStock = createAdapter(redis, options);
  // Socket.IO calls it with `new`: a function (not an arrow) that returns the adapter it built.
  return function localFirstAdapter(nsp: Namespace) {
    const adapter = createStock(nsp) as ClusterAdapter;
    const internals = adapter as unknown as ClusterAdapterInternals;
    // The stock adapter sends server-side emits with a PUBLISH whose promise it drops: on a closed
    // client (a node shutting down after losing Redis) that is an unhandled rejection. Refused here
    // instead, where its callers catch it.
    const stockDoPublish = internals.doPublish.bind(adapter);
    internals.doPublish = (message) =>
      redis.isOpen ? stockDoPublish(message) : Promise.reject(new Error("the Redis client is closed"));
    const broadcastLocally = Object.getPrototypeOf(ClusterAdapter.prototype).broadcast as (
      this: ClusterAdapter,
      packet: AnyPacket,
      opts: BroadcastOptions,
    ) => void;
    const stock = adapter.broadcast.bind(adapter);
    adapter.broadcast = async (packet: AnyPacket, opts: BroadcastOptions) => {
      if (opts.flags?.local) return stock(packet, opts);
      // The published copy is taken before the local send (which sets fields on the packet).
      const message = {
        type: MessageType.BROADCAST,
        data: {
          packet: { ...packet },
          opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags },
        },
      };
      broadcastLocally.call(adapter, packet, opts);
      internals.publish(message);
    };
    return adapter;
  };
}
