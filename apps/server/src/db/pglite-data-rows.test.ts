import { PGlite, protocol } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installDataRowParser } from "./pglite-data-rows";
import { withNamedStatements } from "./pglite-named-statements";

type Message = { name: string; fields?: (string | null)[] };

/** Every message the parser hands over, for `bytes` given in pieces cut at `cuts`. */
function parsed(bytes: Uint8Array, cuts: number[]): Message[] {
  const parser = new protocol.Parser();
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
