// The PGlite patches' gains, each measured on its own (ADR 0018): `node bench/patches/pglite-patches.mjs`.
// One in-memory PGlite, a history-page-shaped query (50 rows of a join, text fields), CPU time per call
// (process.cpuUsage, user + system) over many calls, each variant in alternating rounds so drift hits both.
//   named statements: query() against withNamedStatements(client).query(), both with the DataRow parser;
//   DataRow parser: PGlite's own Parser.parse against ours, on the same captured backend output.
import path from "node:path";
import { PGlite, protocol } from "@electric-sql/pglite";
import { register } from "tsx/esm/api";

register();
const root = path.resolve(import.meta.dirname, "../..");
const { withNamedStatements } = await import(
  path.join(root, "apps/server/src/patches/pglite-named-statements.ts")
);
const { createStockParser, installDataRowParser } = await import(
  path.join(root, "apps/server/src/patches/pglite-data-rows.ts")
);

const CALLS = Number(process.env.PATCH_BENCH_CALLS ?? 2_000);
const ROUNDS = Number(process.env.PATCH_BENCH_ROUNDS ?? 5);

/** CPU microseconds per call of `run`, over `calls` calls. */
async function cpuPerCall(run, calls) {
  const start = process.cpuUsage();
  for (let index = 0; index < calls; index++) await run(index);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / calls;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function compare(label, variants, calls) {
  const figures = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  for (const run of Object.values(variants)) await cpuPerCall(run, Math.ceil(calls / 4)); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(variants)) figures[name].push(await cpuPerCall(run, calls));
  }
  const medians = Object.fromEntries(Object.entries(figures).map(([name, list]) => [name, median(list)]));
  console.log(
    `${label}: ${Object.entries(medians)
      .map(([name, value]) => `${name} ${value.toFixed(1)} µs`)
      .join(", ")} (median of ${ROUNDS} rounds of ${calls} calls; CPU per call)`,
  );
  return medians;
}

installDataRowParser();
const client = new PGlite();
await client.exec(`
  create table people (id int primary key, name text not null);
  create table messages (id bigint primary key, sender int not null references people, recipient int not null
    references people, body text not null, reply_to bigint, created_at timestamptz not null);
  create index on messages (sender, recipient, id desc);
  insert into people select n, 'person ' || n from generate_series(1, 100) n;
  insert into messages select n, 1 + n % 2, 2 - n % 2, repeat('message body ', 1 + n % 8),
    case when n % 3 = 0 then n - 1 end, now() - (n || ' seconds')::interval from generate_series(1, 20000) n;
  analyze;
`);
const PAGE = `
  select m.id, m.body, m.created_at, p.name as sender_name, q.id as quoted_id, q.body as quoted_body
  from messages m join people p on p.id = m.sender left join messages q on q.id = m.reply_to
  where m.sender in ($1, $2) and m.recipient in ($1, $2) and m.id < $3
  order by m.id desc limit 50`;
const named = withNamedStatements(client);
const before = (index) => 20_000 - (index % 1_000) * 10;

await compare(
  "named statements (history page, 50 rows)",
  {
    "query()": (index) => client.query(PAGE, [1, 2, before(index)]),
    named: (index) => named.query(PAGE, [1, 2, before(index)]),
  },
  CALLS,
);

const bytes = await client.execProtocolRaw(
  protocol.serialize.query(PAGE.replaceAll("$1", "1").replaceAll("$2", "2").replaceAll("$3", "20000")),
);
const stock = createStockParser();
const ours = new protocol.Parser();
const noop = () => undefined;
await compare(
  `DataRow parser (the same page's ${bytes.length} bytes of backend output)`,
  {
    "PGlite's parser": () => stock.parse(bytes, noop),
    ours: () => ours.parse(bytes, noop),
  },
  CALLS * 5,
);
await client.close();
