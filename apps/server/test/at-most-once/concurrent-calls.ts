import { randomUUID } from "node:crypto";
import type { AckResult, DirectMessage } from "@heartline/shared";
import { describe } from "vitest";
import { type Member, ORIGIN, waitUntil } from "../faults/group-traffic";
import { recordEvents } from "../helpers/socket-events";
import type { TestClient } from "../helpers/test-app";
import { type TwoNodes, twoNodesForSuite } from "../helpers/two-nodes";

/** Two calls from each node. */
export const FROM_BOTH_NODES = [0, 1, 0, 1];

/**
 * A suite against two real nodes on a scratch PostgreSQL database and its own Redis database
 * (skipped, and says so, without DATABASE_URL and REDIS_URL). The per-user socket limits are raised:
 * the rounds go far above a person's pace, and every test client connects from 127.0.0.1.
 */
export function describeOnTwoNodes(
  title: string,
  suite: { databasePrefix: string; redisDb: number },
  body: (nodes: () => TwoNodes) => void,
): void {
  const { DATABASE_URL, REDIS_URL } = process.env;
  const isRunnable = Boolean(DATABASE_URL && REDIS_URL);
  describe.skipIf(!isRunnable)(
    isRunnable ? title : `${title} (skipped: DATABASE_URL and REDIS_URL must both be set)`,
    () =>
      body(
        twoNodesForSuite({
          postgresUrl: DATABASE_URL ?? "",
          redisUrl: REDIS_URL ?? "",
          ...suite,
          env: { SOCKET_EVENT_LIMIT_SCALE: "100", SOCKET_CONNECTIONS_PER_IP: "100" },
        }),
      ),
  );
}

/** What a client saw of one HTTP call: the status and the parsed JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

/** One HTTP call to a node as `member` (their session cookie), read to the end. */
export async function call(
  nodeUrl: string,
  member: Pick<Member, "cookie">,
  method: string,
  path: string,
  body?: object,
): Promise<Answer> {
  const response = await fetch(`${nodeUrl}${path}`, {
    method,
    headers: {
      origin: ORIGIN,
      cookie: member.cookie,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The same call from every node in `nodes` at once (a node index per call). */
export function callAtOnce(
  nodeUrl: (index: number) => string,
  nodes: number[],
  member: Pick<Member, "cookie">,
  method: string,
  path: string,
  body?: object | ((index: number) => object),
): Promise<Answer[]> {
  return Promise.all(
    nodes.map((node, index) =>
      call(nodeUrl(node), member, method, path, typeof body === "function" ? body(index) : body),
    ),
  );
}

export const refusal = (status: number, code: string, message: string): Answer => ({
  status,
  body: { error: { code, message } },
});

/**
 * A barrier for pushes: `from` (one socket of a sender on each node) sends a direct message to
 * `to`, and this waits until every socket in `watch` has both. A node's pushes reach a socket in the
 * order the node emitted them, so any push emitted before (of any event) has arrived by then.
 */
export async function pushesSettled(from: TestClient[], to: Member, watch: TestClient[]): Promise<void> {
  const seen = watch.map((socket) => recordEvents(socket, "direct_message"));
  try {
    const ids: string[] = [];
    for (const socket of from) {
      const payload = {
        id: randomUUID(),
        receiverId: to.id,
        content: `marker ${randomUUID()}`,
        type: "text" as const,
      };
      const ack = (await socket
        .timeout(15_000)
        .emitWithAck("direct_message", payload)) as AckResult<DirectMessage>;
      if (!ack.ok) throw new Error(`marker refused: ${JSON.stringify(ack.error)}`);
      ids.push(payload.id);
    }
    for (const [index, { payloads }] of seen.entries()) {
      await waitUntil(
        () => ids.every((id) => payloads.some((message) => message.id === id)),
        15_000,
        `socket ${index} to get the markers`,
      );
    }
  } finally {
    for (const recording of seen) recording.stop();
  }
}
