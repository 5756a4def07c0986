import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";
import { installDataRowParser } from "./pglite-data-rows";

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

/**
 * PGlite's `query()` sends every statement unnamed (Parse, Describe, Bind, Describe, Execute, Sync), so
 * PostgreSQL parses and plans it on every call: ~1–2 ms of WebAssembly for the conversation list's
 * joins, where executing it takes 0.1 ms. drizzle's PGlite driver ignores statement names. This wraps
 * the client so each distinct SQL text becomes a named statement the first time it runs (Parse +
 * Describe once), and later calls send only Bind, Execute and Sync in one buffer: PostgreSQL then keeps
 * the parse tree, and a generic plan once it is no worse (its `plan_cache_mode`), as node-postgres's
 * named statements do on PostgreSQL. The same locks as `query()` are taken (the transaction lock outside
 * a transaction, the query lock inside), and the results are parsed by PGlite's own `parseResults`.
 */

/** Statements kept per database; the least recently used beyond this are closed. */
export const MAX_NAMED_STATEMENTS = 500;

/** PostgreSQL's refusal of a named statement whose table's columns changed since it was prepared. */
const STALE_PLAN = "cached plan must not change result type";
const isStalePlan = (error: unknown) => error instanceof Error && error.message === STALE_PLAN;

interface NamedStatement {
  name: string;
  paramTypes: number[];
  rowDescription: BackendMessage | undefined;
}

export function withNamedStatements(client: PGlite): PGlite {
  installDataRowParser();
  const statements = new Map<string, NamedStatement>();
  let counter = 0;
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function prepare(text: string, options: QueryOptions | undefined): Promise<NamedStatement> {
    counter += 1;
    const name = `heartline_${counter}`;
    const messages = await send(
      Buffer.concat([
        protocol.serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ]),
    );
    return {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === "rowDescription"),
    };
  }

  async function statementFor(text: string, options: QueryOptions | undefined): Promise<NamedStatement> {
    const known = statements.get(text);
    if (known) {
      // A Map keeps insertion order: moving the entry to the end makes the first the least recently used.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const statement = await prepare(text, options);
    statements.set(text, statement);
    if (statements.size > MAX_NAMED_STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value as [string, NamedStatement];
      await forget(oldestText, oldest);
    }
    return statement;
  }

  async function forget(text: string, statement: NamedStatement): Promise<void> {
    statements.delete(text);
    await send(
      Buffer.concat([
        protocol.serialize.close({ type: "S", name: statement.name }),
        protocol.serialize.sync(),
      ]),
    );
  }

  /**
   * Runs `text`. A statement whose table changed shape since it was prepared is prepared again, and
   * outside a transaction run once more (inside one, the error has aborted the transaction and is the
   * caller's).
   */
  async function query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
    isRetry = false,
  ): Promise<Results<T>> {
    const statement = await statementFor(text, options);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    let messages: BackendMessage[];
    try {
      messages = await send(
        Buffer.concat([
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
      );
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      if (statements.get(text) === statement) await forget(text, statement);
      if (isRetry || client.isInTransaction()) throw error;
      return await query<T>(text, params, options, true);
    }
    if (!client.isInTransaction()) await client.syncToFs();
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    // `parseResults` copies the client's ~300 type parsers into a new object whenever the options carry
    // parsers of their own (drizzle always passes nine): 66 µs a call. Layering the nine on the client's
    // by prototype gives every lookup the same answer for 6 µs.
    if (!options?.parsers) return parse.parseResults(described, client.parsers, options)[0] as Results<T>;
    const parsers = Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers);
    return parse.parseResults(described, parsers, { ...options, parsers: undefined })[0] as Results<T>;
  }

  const inTransaction = (transaction: Transaction): Transaction =>
    new Proxy(transaction, {
      get(target, property, receiver) {
        if (property !== "query") return Reflect.get(target, property, receiver);
        return async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
          if (target.closed) throw new Error("Transaction is closed");
          return await client._runExclusiveQuery(() => query<T>(text, params, options));
        };
      },
    });

  return new Proxy(client, {
    get(target, property) {
      if (property === "query") {
        return async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
          await target._checkReady();
          return await target._runExclusiveTransaction(() =>
            target._runExclusiveQuery(() => query<T>(text, params, options)),
          );
        };
      }
      if (property === "transaction") {
        return <T>(callback: (transaction: Transaction) => Promise<T>) =>
          target.transaction((transaction) => callback(inTransaction(transaction)));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
