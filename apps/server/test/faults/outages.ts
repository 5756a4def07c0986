import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { createClient } from "redis";

/** A free TCP port on 127.0.0.1 (free when asked: good enough for a test's private server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A TCP proxy in front of a server (PostgreSQL here). `cut()` destroys every live connection and
 * refuses new ones (accepted and closed at once, so the port stays ours); `restore()` forwards again.
 */
export interface TcpProxy {
  port: number;
  cut(): void;
  restore(): void;
  /**
   * The next client chunk containing `marker` (a statement's text) goes through, and the connection is
   * cut when its answer comes back, which is dropped: the statement ran (committed, in autocommit) but
   * the caller never hears so. Resolves once that answer was dropped.
   */
  loseAnswerTo(marker: string): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const live = new Set<net.Socket>();
  let isCut = false;
  let armed: { marker: Buffer; dropped: () => void } | undefined;
  const server = net.createServer((downstream) => {
    if (isCut) {
      downstream.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    live.add(downstream);
    live.add(upstream);
    let onAnswerDropped: (() => void) | undefined;
    const drop = (): void => {
      downstream.destroy();
      upstream.destroy();
      live.delete(downstream);
      live.delete(upstream);
    };
    downstream.on("error", drop);
    upstream.on("error", drop);
    downstream.on("close", drop);
    upstream.on("close", drop);
    downstream.on("data", (chunk: Buffer) => {
      if (armed && chunk.includes(armed.marker)) {
        onAnswerDropped = armed.dropped;
        armed = undefined;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (onAnswerDropped) {
        drop();
        onAnswerDropped();
        return;
      }
      downstream.write(chunk);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    cut: () => {
      isCut = true;
      for (const socket of live) socket.destroy();
      live.clear();
    },
    restore: () => {
      isCut = false;
    },
    loseAnswerTo: (marker) =>
      new Promise<void>((resolve) => {
        armed = { marker: Buffer.from(marker), dropped: resolve };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of live) socket.destroy();
        live.clear();
        server.close(() => resolve());
      }),
  };
}

/** A private, throwaway `redis-server` (no persistence) that a test may kill and start again. */
export interface PrivateRedis {
  port: number;
  url: string;
  /** SIGKILL: a crash; everything in it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty; does nothing while it is running. */
  start(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const isRunning = (): boolean =>
    child !== undefined && child.exitCode === null && child.signalCode === null;
  const start = async (): Promise<void> => {
    // A second server on the same port would fail to bind, and `child` would then name the one that
    // exited: `kill` would miss the running one, left behind after the suite (seen: two stray servers).
    if (isRunning()) return;
    const started = spawn(
      "redis-server",
      ["--port", String(port), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1"],
      { stdio: "ignore" },
    );
    child = started;
    await waitForRedis(`redis://127.0.0.1:${port}`, started);
  };
  const kill = (): Promise<void> => {
    const running = child;
    if (!running || !isRunning()) return Promise.resolve();
    return new Promise((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGKILL");
    });
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, kill, start };
}

async function waitForRedis(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    const client = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 1_000 } });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.ping();
      await client.close();
      return;
    } catch (error) {
      if (client.isOpen) client.destroy();
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
