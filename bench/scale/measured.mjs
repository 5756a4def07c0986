// The per-operation costs the model takes from `npm run bench` (bench/RESULTS.md): what docs/scaling.md's
// arithmetic starts from. Update them with the doc when the benches are re-run.
export const MEASURED = {
  /** B1 two nodes: CPU of both nodes and Redis per 1,000 deliveries at 10 msg/s to 2,000 receivers, ÷ 1,000 (µs). */
  groupDeliveryUs: 16.5,
  groupDeliverySource: "B1 two nodes + Redis, 2026-11-25 23:03",
  /** B3 two nodes: CPU of both nodes and Redis per 1,000 matched clients over the ramp, ÷ 1,000 (µs). */
  matchUs: 662.7,
  matchSource: "B3 two nodes + Redis, 2026-11-25 23:03",
  /** B4 at 10,000 sockets (2026-11-29 13:16): per idle socket (KB), and a node's RSS before any socket (MB). */
  rssKBPerSignedIn: 20.8,
  rssKBPerVisitor: 11.0,
  heapKBPerSignedIn: 11.8,
  baseRssMB: 492,
};
