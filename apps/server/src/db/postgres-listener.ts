import pg from "pg";

/** What a `LISTEN` subscription hears. */
export interface ListenHandlers {
  /** A `NOTIFY` on the channel, with its payload. */
  onMessage(payload: string): void;
  /**
   * The subscription was down (the connection dropped) and listens again: what was sent meanwhile
   * is lost, so a listener that relies on every message drops what it derived from them.
   */
  onResubscribed?(): void;
  /** A failed connection or a dropped one (it is retried). */
  onError?(error: Error): void;
}

/** First retry after a drop; doubled each failed attempt up to `MAX_RETRY_MS`. */
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/**
 * `LISTEN channel` on a PostgreSQL connection of its own (a pooled one is handed back between
 * queries and would stop hearing): reconnects with a growing pause whenever the connection drops or
 * cannot be made (startup never fails for it), until the returned function stops it. Channel names
 * are ours (constants), never a client's.
 */
export async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: pg.Client | null = null;
  let isStopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const scheduleRetry = (): void => {
    if (isStopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect(true);
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const connect = async (isRetry: boolean): Promise<void> => {
    if (isStopped) return;
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
    const dropped = (error?: Error) => {
      if (error) handlers.onError?.(error);
      if (client !== next) return;
      client = null;
      scheduleRetry();
    };
    next.on("error", dropped);
    next.on("end", () => dropped());
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? "");
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      dropped(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (isStopped) {
      await next.end().catch(() => undefined);
      return;
    }
    retryMs = FIRST_RETRY_MS;
    if (isRetry) handlers.onResubscribed?.();
  };

  await connect(false);
  return async () => {
    isStopped = true;
    clearTimeout(retryTimer);
    const open = client;
    client = null;
    await open?.end().catch(() => undefined);
  };
}
