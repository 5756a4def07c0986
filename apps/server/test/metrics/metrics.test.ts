import { CHAT_MESSAGE_RATE_LIMIT, SERVER_MESSAGES } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageAccount } from "../automod/automod-fixtures";
import { dmMember, sendOk, text } from "../direct-messages/dm-fixtures";
import { asPerson, createRegistered, emitWithAck, groupText } from "../fixtures/group-fixtures";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { matchedPair, send } from "../random-chat/random-chat-clients";

const TOKEN = "scrape-token-0123456789";
const UNAUTHORIZED = { error: { code: "unauthorized", message: SERVER_MESSAGES.metricsUnauthorized } };

/** One sample's value from Prometheus' text format (0 when the series is not there). */
function sample(body: string, series: string): number {
  const line = body.split("\n").find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("GET /metrics (issue #41 §2)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({
      env: { METRICS_TOKEN: TOKEN },
      // A tiny limit on one event, to see a refusal counted by its rule.
      realtime: {
        eventLimits: {
          line_status: {
            perSocket: { capacity: 1, refillPerSecond: 0.001 },
            perUser: { points: 100, durationSeconds: 60 },
          },
        },
      },
    });
  });
  afterAll(async () => {
    await test.close();
  });

  const scrape = async () => {
    const response = await test.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers["cache-control"]).toBe("no-store");
    return response.body;
  };

  it("refuses a scrape without the token or with a wrong one, saying why", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${TOKEN}`, TOKEN]) {
      const response = await test.app.inject({
        method: "GET",
        url: "/metrics",
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
      expect(response.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain("heartline_");
    }
  });

  it("has no /metrics at all when METRICS_TOKEN is not set", async () => {
    const plain = await startTestApp();
    try {
      const response = await plain.app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: "not_found" } });
    } finally {
      await plain.close();
    }
  });

  it("counts what real traffic did: sockets, the group room, the random chat, sends, fan-out and refusals", async () => {
    const before = await scrape();
    expect(before).toContain("process_cpu_seconds_total");
    expect(before).toContain("nodejs_eventloop_lag_seconds");
    expect(sample(before, 'heartline_message_send_seconds_count{chat="group"}')).toBe(0);

    // The group room: a month-old member (AutoMod's new-account rules stay out of the way).
    const member = await createRegistered(test.app, "Metrics_Member");
    await ageAccount(test.app, member, 30);
    const memberSocket = await test.connect(asPerson(member));
    expect((await emitWithAck(memberSocket, "join_group", {})).ok).toBe(true);
    expect((await emitWithAck(memberSocket, "group_message", groupText("hello metrics"))).ok).toBe(true);
    // AutoMod refuses a slur, and the refusal is counted by its rule.
    const refused = await emitWithAck(memberSocket, "group_message", groupText("you n1gg3r"));
    expect(refused).toMatchObject({ ok: false, error: { code: "automod_blocked" } });

    // A direct message between two members.
    const [sender, receiver] = [await dmMember(test, "mtrs"), await dmMember(test, "mtrr")];
    await sendOk(sender.socket, text(receiver.person.id, "hi there"));

    // Two visitors matched in the random chat, one message; then the rate limit of `line_status`.
    const { a } = await matchedPair(test);
    const sent = await send(a, "hello stranger");
    expect(sent.ok).toBe(true);
    expect((await emitWithAck(a.client, "line_status", {})).ok).toBe(true);
    expect(await emitWithAck(a.client, "line_status", {})).toMatchObject({
      ok: false,
      error: { code: "rate_limited", message: SERVER_MESSAGES.socketEventRateLimited },
    });

    const after = await scrape();
    expect(sample(after, 'heartline_sockets_connected{kind="registered"}')).toBe(3);
    expect(sample(after, 'heartline_sockets_connected{kind="visitor"}')).toBe(2);
    expect(sample(after, 'heartline_sockets_connected{kind="guest"}')).toBe(0);
    expect(sample(after, "heartline_group_room_people")).toBe(1);
    expect(sample(after, "heartline_random_paired_sockets")).toBe(2);
    expect(sample(after, "heartline_random_searching")).toBe(0);
    expect(sample(after, "heartline_random_matches_total")).toBe(1);
    // Sends are timed once each when acknowledged; the refused one is not.
    expect(sample(after, 'heartline_message_send_seconds_count{chat="group"}')).toBe(1);
    expect(sample(after, 'heartline_message_send_seconds_count{chat="dm"}')).toBe(1);
    expect(sample(after, 'heartline_message_send_seconds_count{chat="random"}')).toBe(1);
    expect(sample(after, 'heartline_message_send_seconds_bucket{le="+Inf",chat="group"}')).toBe(1);
    expect(sample(after, 'heartline_fanout_deliveries_total{chat="group"}')).toBe(1);
    expect(sample(after, 'heartline_fanout_deliveries_total{chat="dm"}')).toBe(2);
    expect(sample(after, 'heartline_fanout_deliveries_total{chat="random"}')).toBe(1);
    expect(sample(after, 'heartline_automod_refusals_total{rule="Slurs (built-in)"}')).toBe(1);
    expect(sample(after, 'heartline_rate_limit_refusals_total{rule="socket-event:line_status"}')).toBe(1);
    // The event limiter's own refusal is not counted twice.
    expect(sample(after, 'heartline_rate_limit_refusals_total{rule="socket:line_status"}')).toBe(0);
    expect(sample(after, "heartline_image_jobs_queued")).toBe(0);
    expect(sample(after, "heartline_redis_errors_total")).toBe(0);
    expect(sample(after, "heartline_database_errors_total")).toBe(0);

    // The room's own message limit (a handler's, not the event limiter's): each refusal is counted.
    let limited = 0;
    for (let index = 0; index < CHAT_MESSAGE_RATE_LIMIT + 2; index += 1) {
      const answer = await emitWithAck(memberSocket, "group_message", groupText(`metrics note ${index}`));
      if (!answer.ok) {
        expect(answer.error.code).toBe("rate_limited");
        limited += 1;
      }
    }
    expect(limited).toBeGreaterThan(0);

    const limitedScrape = await scrape();
    expect(sample(limitedScrape, 'heartline_rate_limit_refusals_total{rule="socket:group_message"}')).toBe(
      limited,
    );

    a.client.disconnect();
    await expect
      .poll(async () => sample(await scrape(), 'heartline_sockets_connected{kind="visitor"}'))
      .toBe(1);
  });
});
