import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_NAMED_STATEMENTS, withNamedStatements } from "./pglite-named-statements";

describe("PGlite named statements", () => {
  let plain: PGlite;
  let named: PGlite;
  const prepared = async () =>
    (await plain.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map(
      (row) => row.statement,
    );

  beforeAll(async () => {
    plain = new PGlite();
    named = withNamedStatements(plain);
    await plain.exec(`
      create table notes (id int primary key, body text not null, tags text[], meta jsonb, at timestamptz, big bigint);
      insert into notes values (1, 'one', '{a,b}', '{"k": 1}', '2026-01-02T03:04:05Z', 9007199254740993);
    `);
  }, 30_000);
  afterAll(async () => {
    await plain.close();
  });

  it("returns what query() returns, in object and array mode, with parameters serialised by their types", async () => {
    const text = "select * from notes where id = $1 and at < $2 and meta @> $3";
    const params = [1, new Date("2027-01-01T00:00:00Z"), { k: 1 }];
    for (const options of [undefined, { rowMode: "array" as const }]) {
      const expected = await plain.query(text, params, options);
      const first = await named.query(text, params, options);
      const again = await named.query(text, params, options);
      for (const result of [first, again]) {
        expect(result.rows).toEqual(expected.rows);
        expect(result.fields).toEqual(expected.fields);
        expect(result.affectedRows).toBe(expected.affectedRows);
      }
    }
    expect((await named.query<{ at: Date }>("select at from notes where id = $1", [1])).rows[0]?.at).toEqual(
      new Date("2026-01-02T03:04:05Z"),
    );
  });

  it("applies a query's own parsers over the client's, as query() does (drizzle keeps timestamps as text)", async () => {
    const text = "select at, meta, tags, big, id from notes where id = $1 /* parsers */";
    const options = {
      rowMode: "array" as const,
      parsers: { [types.TIMESTAMPTZ]: (value: string) => `raw ${value}` },
    };
    const expected = await plain.query(text, [1], options);
    expect((expected.rows[0] as unknown[])[0]).toMatch(/^raw 2026-01-02 03:04:05/);
    for (let index = 0; index < 2; index += 1) {
      const result = await named.query(text, [1], options);
      expect(result.rows).toEqual(expected.rows);
      expect(result.fields).toEqual(expected.fields);
    }
  });

  it("prepares each text once and reuses it", async () => {
    const text = "select body from notes where id = $1 /* reused */";
    for (let index = 0; index < 5; index += 1) {
      expect((await named.query<{ body: string }>(text, [1])).rows).toEqual([{ body: "one" }]);
    }
    expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1);
  });

  it("counts the rows a write changed, and a null parameter is SQL NULL", async () => {
    const inserted = await named.query("insert into notes (id, body, tags) values ($1, $2, $3)", [
      2,
      "two",
      null,
    ]);
    expect(inserted.affectedRows).toBe(1);
    expect((await named.query("select tags from notes where id = $1", [2])).rows).toEqual([{ tags: null }]);
    expect((await named.query("update notes set body = $1 where id > $2", ["many", 0])).affectedRows).toBe(2);
  });

  it("a refused statement rejects with PostgreSQL's error and leaves the connection usable", async () => {
    const insert = "insert into notes (id, body) values ($1, $2)";
    await expect(named.query(insert, [1, "again"])).rejects.toMatchObject({
      code: "23505",
      message: expect.stringContaining("notes_pkey"),
    });
    await expect(named.query("select * from nowhere where id = $1", [1])).rejects.toMatchObject({
      code: "42P01",
    });
    expect(
      (await named.query<{ n: number }>("select count(*)::int as n from notes where id > $1", [0])).rows,
    ).toEqual([{ n: 2 }]);
  });

  it("a transaction's statements are named too, roll back together, and other queries wait for it", async () => {
    const order: string[] = [];
    let outsideQuery: Promise<unknown> | undefined;
    await expect(
      named.transaction(async (transaction) => {
        await transaction.query("insert into notes (id, body) values ($1, $2)", [10, "ten"]);
        outsideQuery = named
          .query("select count(*)::int as n from notes where id = $1", [10])
          .then((result) => {
            order.push("outside");
            return result.rows;
          });
        const seen = await transaction.query<{ n: number }>(
          "select count(*)::int as n from notes where id = $1",
          [10],
        );
        order.push(`inside ${seen.rows[0]?.n}`);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await outsideQuery).toEqual([{ n: 0 }]);
    expect(order).toEqual(["inside 1", "outside"]);
    expect(await prepared()).toContain("select count(*)::int as n from notes where id = $1");
  });

  it("a closed transaction refuses further queries", async () => {
    let kept: { query: (text: string) => Promise<unknown> } | undefined;
    await named.transaction(async (transaction) => {
      kept = transaction;
    });
    await expect(kept?.query("select 1")).rejects.toThrow("Transaction is closed");
  });

  it("a statement whose table gained a column since it was prepared is prepared again", async () => {
    const text = "select * from notes where id = $1";
    expect(Object.keys((await named.query(text, [1])).rows[0] as object)).not.toContain("extra");
    await plain.exec("alter table notes add column extra text default 'x'");
    expect((await named.query<{ extra: string }>(text, [1])).rows[0]?.extra).toBe("x");
  });

  it(`keeps at most ${MAX_NAMED_STATEMENTS} statements, closing the least recently used`, async () => {
    const first = "select $1::int as n /* 0 */";
    await named.query(first, [0]);
    for (let index = 1; index <= MAX_NAMED_STATEMENTS + 10; index += 1) {
      await named.query(`select $1::int as n /* ${index} */`, [index]);
    }
    const kept = await prepared();
    expect(kept.length).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
    expect(kept).not.toContain(first);
    expect(kept).toContain(`select $1::int as n /* ${MAX_NAMED_STATEMENTS + 10} */`);
    expect((await named.query(first, [7])).rows).toEqual([{ n: 7 }]);
  });

  it("refuses queries once the database is closed", async () => {
    const other = new PGlite();
    const wrapped = withNamedStatements(other);
    await wrapped.query("select $1::int", [1]);
    await other.close();
    await expect(wrapped.query("select $1::int", [1])).rejects.toThrow("PGlite is closed");
  });
});
