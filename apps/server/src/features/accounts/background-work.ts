import type { FastifyBaseLogger } from "fastify";

/**
 * Work that runs after the answer has gone out, so how long it takes tells the client nothing
 * (ARCHITECTURE §9.3: forgot-password must not reveal whether an address has an account, not even
 * by its timing). Failures are logged; `drain()` lets shutdown wait for what is still running.
 */
export interface BackgroundWork {
  run(label: string, work: () => Promise<void>): void;
  drain(): Promise<void>;
}

export function createBackgroundWork(log: FastifyBaseLogger): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    run(label, work) {
      // setImmediate: the work starts only after the current request's answer is written.
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => log.error({ err: error }, label))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
