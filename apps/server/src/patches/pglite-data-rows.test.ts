import { PGlite, protocol } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStockParser, installDataRowParser } from "./pglite-data-rows";
import { withNamedStatements } from "./pglite-named-statements";

type Message = { name: string; fields?: (string | null)[] };

/** Every message the parser hands over, for `bytes` given in pieces cut at `cuts`. */
function parsed(bytes: Uint8Array, cuts: number[], parser = new protocol.Parser()): Message[] {
  const out: Message[] = [];
  let from = 0;
  for (const to of [...cuts, bytes.length]) {
    // A copy per piece, as PGlite's memory is reused between its chunks.
    parser.parse(bytes.slice(from, to), (message) => out.push({ ...message } as Message));
    from = to;
  }
  return out;
}

describe("PGlite's DataRow messages read without a copy per field", () => {
  let client: PGlite;
  const LONG = "é😀x".repeat(100_000);
  const VALUES: (string | null)[] = ["plain", "", null, "ünïcödé 😀 字", LONG];

  beforeAll(async () => {
    installDataRowParser();
    client = new PGlite();
    await client.exec("create table cells (id int primary key, body text)");
    for (const [id, body] of VALUES.entries()) {
      await client.query("insert into cells values ($1, $2)", [id, body]);
    }
  }, 30_000);
  afterAll(async () => {
    await client.close();
  });

  it("returns NULL, empty, multi-byte and 400 kB values as stored, through query() and named statements", async () => {
    const named = withNamedStatements(client);
    for (const db of [client, named]) {
      const { rows } = await db.query<{ id: number; body: string | null }>(
        "select id, body from cells order by id",
      );
      expect(rows.map((row) => row.body)).toEqual(VALUES);
      // 2,000 rows of one statement: PGlite's output comes in several chunks.
      const many = await db.query<{ n: number; body: string | null }>(
        "select n, body from generate_series(1, 2000) n, cells where id = n % 5 order by n",
      );
      expect(many.rows).toHaveLength(2000);
      expect(many.rows.every((row) => row.body === VALUES[row.n % 5])).toBe(true);
    }
  });

  it("is the parser PGlite uses", () => {
    expect(protocol.Parser.prototype.parse.name).toBe("parseWithDataRows");
  });

  it("hands over the same messages in the same order wherever PGlite's output is cut", async () => {
    const bytes = await client.execProtocolRaw(
      protocol.serialize.query("select id, body from cells where id < 4 order by id"),
    );
    const whole = parsed(bytes, []);
    expect(whole.map((message) => message.name)).toEqual([
      "rowDescription",
      "dataRow",
      "dataRow",
      "dataRow",
      "dataRow",
      "commandComplete",
      "readyForQuery",
    ]);
    expect(whole.filter((message) => message.name === "dataRow").map((message) => message.fields)).toEqual(
      VALUES.slice(0, 4).map((body, id) => [String(id), body]),
    );
    for (let cut = 1; cut < bytes.length; cut++) expect(parsed(bytes, [cut])).toEqual(whole);
    const everyByte = Array.from({ length: bytes.length - 1 }, (_, index) => index + 1);
    expect(parsed(bytes, everyByte)).toEqual(whole);
  });
});

/**
 * The patch against the library it patches (PGlite pinned in package.json): the same backend output read
 * by PGlite's own parser and by ours gives the same messages, so an upgrade that changes the protocol
 * parser's contract fails here.
 */
describe("PGlite's DataRow patch against PGlite's own parser", () => {
  let client: PGlite;
  const QUERIES = [
    // Every kind of column value a row carries: numbers, text, NULL, bytea, json, arrays, times, booleans.
    `select 1::int as a, 2::bigint as b, 1.5::numeric as c, 'text' as d, null::text as e, ''::text as f,
       '\\x00ff'::bytea as g, '{"k": [1, "é"]}'::jsonb as h, array['x', null, 'z'] as i,
       '2026-01-02T03:04:05Z'::timestamptz as j, true as k, 'ünïcödé 😀 字' as l`,
    "select n, repeat('x', n % 300) as body from generate_series(1, 3000) n",
    // Several statements, an empty result, a notice and an error: messages that are not rows, in order.
    "select 1; select 2 where false; do $$ begin raise notice 'hello'; end $$; select 'after'",
    "select 1/0",
  ];

  beforeAll(async () => {
    installDataRowParser();
    client = new PGlite();
    await client.waitReady;
  }, 30_000);
  afterAll(async () => {
    await client.close();
  });

  it("hands over what PGlite's parser hands over, whole and cut anywhere", async () => {
    for (const text of QUERIES) {
      const bytes = await client.execProtocolRaw(protocol.serialize.query(text));
      const stock = parsed(bytes, [], createStockParser());
      expect(parsed(bytes, [])).toEqual(stock);
      for (const cuts of [[1], [5], [Math.floor(bytes.length / 3), Math.floor((bytes.length * 2) / 3)]]) {
        expect(parsed(bytes, cuts)).toEqual(parsed(bytes, cuts, createStockParser()));
      }
    }
  });

  it("hands over what PGlite's parser hands over for the extended protocol (named statements)", async () => {
    const bytes = await client.execProtocolRaw(
      Buffer.concat([
        protocol.serialize.parse({ name: "compare", text: "select $1::text as v, $2::int as n", types: [] }),
        protocol.serialize.describe({ type: "S", name: "compare" }),
        protocol.serialize.bind({ statement: "compare", values: ["é", null] }),
        protocol.serialize.describe({ type: "P" }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    );
    const stock = parsed(bytes, [], createStockParser());
    expect(stock.map((message) => message.name)).toContain("dataRow");
    expect(parsed(bytes, [])).toEqual(stock);
  });
});
