import { REPORT_WINDOW_MS } from "@heartline/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  aiConnectedText,
  CONNECTED_TEXT,
  canReportLastPartner,
  consistencyProblems,
  createInitialContext,
  PARTNER_DISCONNECTED_TEXT,
  PARTNER_LEFT_TEXT,
  transition,
  YOU_LEFT_TEXT,
} from "./random-chat-machine";
import type { RandomChatContext, RandomChatEvent, RandomChatPhase } from "./random-chat-types";

const ME = "me-0000000000000000000001";
const HUMAN = { id: "partner-1", gender: "female" as const, isAI: false };
const AI = { id: "ai-mia", gender: "female" as const, isAI: true, name: "Mia" };

const run = (events: RandomChatEvent[], from = createInitialContext(ME)) => events.reduce(transition, from);
const chosen = () => run([{ type: "SET_CHOICES", gender: "male", preference: "female" }]);
const searching = () => run([{ type: "START" }], chosen());
const waiting = () => run([{ type: "WAITING", since: 1 }], searching());
const connected = (partner = HUMAN) => run([{ type: "MATCHED", roomId: "r1", partner, at: 5 }], waiting());
const ended = () => run([{ type: "PARTNER_LEFT", reason: "ended", at: 9 }], connected());
const texts = (context: RandomChatContext) => context.messages.map((m) => m.content);

describe("random chat machine: the main path (spec §4)", () => {
  it("idle → searching → waiting → connected → ended with the session flags following", () => {
    expect(chosen().phase).toBe("idle");
    expect(searching()).toMatchObject({ phase: "searching", isSearching: true, isWaiting: false });
    expect(waiting()).toMatchObject({
      phase: "waiting",
      isWaiting: true,
      isSearching: false,
      waitingSince: 1,
    });
    const live = connected();
    expect(live).toMatchObject({
      phase: "connected",
      isConnected: true,
      partnerId: "partner-1",
      chatsStarted: 1,
    });
    expect(texts(live)).toEqual([CONNECTED_TEXT]);
    expect(live.messages[0]?.isSystem).toBe(true);
    const over = ended();
    expect(over).toMatchObject({ phase: "ended", isConnected: false, endReason: "partner-left" });
    expect(texts(over)).toEqual([CONNECTED_TEXT, PARTNER_LEFT_TEXT]);
  });

  it("START needs a gender and a preference, and JOIN_ACKED moves a search to waiting", () => {
    expect(run([{ type: "START" }]).phase).toBe("idle");
    expect(run([{ type: "JOIN_ACKED" }], searching()).phase).toBe("waiting");
    expect(run([{ type: "JOIN_ACKED" }], connected()).phase).toBe("connected");
  });

  it("a refused join ends the search with the server's message", () => {
    const failed = run([{ type: "JOIN_FAILED", message: "Please select a gender option" }], searching());
    expect(failed).toMatchObject({
      phase: "ended",
      endReason: "error",
      error: "Please select a gender option",
    });
    expect(failed.partner).toBeNull();
  });

  it("the AI partner is announced as AI in the first system message", () => {
    expect(texts(connected(AI))).toEqual([aiConnectedText("Mia")]);
    expect(aiConnectedText("Mia")).toContain("an AI companion");
  });
});

describe("messages", () => {
  it("a send is pending, then sent with the server's time; a failure keeps the error and can be retried", () => {
    let context = run([{ type: "MESSAGE_SENT", id: "m-00000001", content: "  hi  ", at: 10 }], connected());
    expect(context.messages.at(-1)).toMatchObject({
      content: "hi",
      status: "pending",
      senderId: ME,
      timestamp: 10,
    });
    context = run([{ type: "MESSAGE_ACKED", id: "m-00000001", timestamp: 11 }], context);
    expect(context.messages.at(-1)).toMatchObject({ status: "sent", timestamp: 11 });

    context = run([{ type: "MESSAGE_SENT", id: "m-00000002", content: "again", at: 12 }], context);
    context = run(
      [
        {
          type: "MESSAGE_FAILED",
          id: "m-00000002",
          message: "You're sending messages too fast. Please slow down.",
        },
      ],
      context,
    );
    expect(context.messages.at(-1)?.status).toBe("failed");
    expect(context.error).toBe("You're sending messages too fast. Please slow down.");
    context = run([{ type: "MESSAGE_RETRY", id: "m-00000002" }], context);
    expect(context.messages.at(-1)?.status).toBe("pending");
  });

  it("ignores empty sends, duplicate ids, and sends outside a chat", () => {
    const live = connected();
    expect(run([{ type: "MESSAGE_SENT", id: "m-1xxxxxxx", content: "   ", at: 1 }], live)).toBe(live);
    const once = run([{ type: "MESSAGE_SENT", id: "m-1xxxxxxx", content: "a", at: 1 }], live);
    expect(run([{ type: "MESSAGE_SENT", id: "m-1xxxxxxx", content: "b", at: 2 }], once)).toBe(once);
    const idle = chosen();
    expect(run([{ type: "MESSAGE_SENT", id: "m-2xxxxxxx", content: "a", at: 1 }], idle)).toBe(idle);
  });

  it("a reply carries the selected message and clears the selection", () => {
    const incoming = {
      id: "p-00000001",
      content: "hello",
      senderId: HUMAN.id,
      timestamp: 3,
      type: "text" as const,
    };
    let context = run([{ type: "MESSAGE_RECEIVED", message: incoming }], connected());
    context = run([{ type: "SELECT_REPLY", messageId: "p-00000001" }], context);
    expect(context.selectedMessage).toEqual(incoming);
    context = run([{ type: "MESSAGE_SENT", id: "m-00000003", content: "hey", at: 4 }], context);
    expect(context.messages.at(-1)?.replyTo).toEqual(incoming);
    expect(context.selectedMessage).toBeNull();
    // System messages cannot be quoted; null cancels.
    const systemId = context.messages[0]?.id ?? "";
    expect(run([{ type: "SELECT_REPLY", messageId: systemId }], context)).toBe(context);
  });

  it("accepts the partner's messages only, once, and a message stops their typing", () => {
    const typing = run([{ type: "PARTNER_TYPING", isTyping: true }], connected());
    expect(typing.isPartnerTyping).toBe(true);
    const message = {
      id: "p-00000002",
      content: "<script>x</script>",
      senderId: HUMAN.id,
      timestamp: 3,
      type: "text" as const,
    };
    const received = run([{ type: "MESSAGE_RECEIVED", message }], typing);
    expect(received.isPartnerTyping).toBe(false);
    expect(received.messages.at(-1)?.content).toBe("<script>x</script>");
    expect(run([{ type: "MESSAGE_RECEIVED", message }], received)).toBe(received);
    const stranger = { ...message, id: "p-00000003", senderId: "someone-else" };
    expect(run([{ type: "MESSAGE_RECEIVED", message: stranger }], received)).toBe(received);
  });
});

describe("endings, next and the AI", () => {
  it("END while connected says you left; while searching it cancels to idle", () => {
    const left = run([{ type: "END", at: 7 }], connected());
    expect(left).toMatchObject({ phase: "ended", endReason: "you-left" });
    expect(texts(left).at(-1)).toBe(YOU_LEFT_TEXT);
    expect(run([{ type: "END", at: 7 }], waiting())).toMatchObject({ phase: "idle", gender: "male" });
  });

  it("a partner's disconnect has its own message", () => {
    const gone = run([{ type: "PARTNER_LEFT", reason: "disconnected", at: 8 }], connected());
    expect(texts(gone).at(-1)).toBe(PARTNER_DISCONNECTED_TEXT);
  });

  it("NEXT from connected or ended searches again with the same choices", () => {
    for (const from of [connected(), ended()]) {
      const next = run([{ type: "NEXT", at: 1 }], from);
      expect(next).toMatchObject({ phase: "searching", gender: "male", preference: "female", partner: null });
      expect(next.messages).toEqual([]);
    }
    expect(run([{ type: "NEXT", at: 1 }], waiting()).phase).toBe("waiting");
  });

  it("keeps the last partner reportable for the report window after Next, End or the partner leaving", () => {
    const afterNext = run([{ type: "NEXT", at: 100 }], connected());
    const afterEnd = run([{ type: "END", at: 100 }], connected());
    const afterLeft = run([{ type: "PARTNER_LEFT", reason: "ended", at: 100 }], connected());
    for (const context of [afterNext, afterEnd, afterLeft]) {
      expect(context.lastPartnerEndedAt).toBe(100);
      expect(canReportLastPartner(context, 100 + REPORT_WINDOW_MS - 1)).toBe(true);
      expect(canReportLastPartner(context, 100 + REPORT_WINDOW_MS)).toBe(false);
    }
    // Still offered while searching again and after going back to the picker.
    const searchingAgain = run([{ type: "WAITING", since: 120 }], afterNext);
    expect(searchingAgain.lastPartnerEndedAt).toBe(100);
    expect(run([{ type: "RESET" }], afterLeft).lastPartnerEndedAt).toBe(100);
    // An AI companion is not a "last partner" to report; a fresh session has none.
    expect(run([{ type: "NEXT", at: 100 }], connected(AI)).lastPartnerEndedAt).toBeNull();
    expect(canReportLastPartner(createInitialContext(ME), 0)).toBe(false);
    // Once reported, not offered again.
    expect(run([{ type: "REPORTED" }], afterEnd).lastPartnerEndedAt).toBeNull();
  });

  it("waiting alone: the line's status is kept while searching, and WIDEN searches for anyone", () => {
    const counted = run([{ type: "WAITING", since: 1, searching: 3, isHeldByCooldown: true }], searching());
    expect(counted).toMatchObject({ phase: "waiting", searchingCount: 3, isHeldByCooldown: true });
    const polled = run([{ type: "LINE_STATUS", searching: 1, isHeldByCooldown: false }], counted);
    expect(polled).toMatchObject({ searchingCount: 1, isHeldByCooldown: false });
    expect(
      run([{ type: "LINE_STATUS", searching: 9, isHeldByCooldown: true }], connected()).searchingCount,
    ).toBeNull();
    const widened = run([{ type: "WIDEN" }], polled);
    expect(widened).toMatchObject({ phase: "searching", preference: "any", gender: "male" });
    expect(run([{ type: "WIDEN" }], widened)).toBe(widened);
    expect(run([{ type: "WIDEN" }], connected()).preference).toBe("female");
    const matchedWithInterests = run(
      [{ type: "MATCHED", roomId: "r2", partner: HUMAN, sharedInterests: ["hiking"], at: 3 }],
      polled,
    );
    expect(matchedWithInterests).toMatchObject({ sharedInterests: ["hiking"], searchingCount: null });
    expect(run([{ type: "NEXT", at: 4 }], matchedWithInterests).sharedInterests).toEqual([]);
  });

  it("person_available is offered only with an AI partner, and SWITCHED searches again", () => {
    const human = connected();
    expect(run([{ type: "PERSON_AVAILABLE" }], human)).toBe(human);
    const offered = run([{ type: "PERSON_AVAILABLE" }], connected(AI));
    expect(offered.personAvailable).toBe(true);
    expect(run([{ type: "SWITCHED" }], offered)).toMatchObject({
      phase: "searching",
      personAvailable: false,
    });
    expect(run([{ type: "SWITCHED" }], human)).toBe(human);
  });

  it("after an AI error the server's waiting puts the user back in the line", () => {
    const failed = run([{ type: "PARTNER_LEFT", reason: "disconnected", at: 9 }], connected(AI));
    expect(run([{ type: "WAITING", since: 2 }], failed)).toMatchObject({ phase: "waiting", partner: null });
    // A human partner's leaving is final: a stray waiting changes nothing.
    const humanGone = run([{ type: "PARTNER_LEFT", reason: "disconnected", at: 9 }], connected());
    expect(run([{ type: "WAITING", since: 2 }], humanGone)).toBe(humanGone);
  });

  it("a socket disconnect switches the AI off, and a reconnect ends a human chat (spec §4, §9)", () => {
    expect(run([{ type: "DISCONNECTED", at: 1 }], connected(AI)).phase).toBe("ended");
    const human = connected();
    expect(run([{ type: "DISCONNECTED", at: 1 }], human)).toBe(human);
    const after = run([{ type: "RECONNECTED", at: 2 }], human);
    expect(after.phase).toBe("ended");
    expect(texts(after).at(-1)).toBe(PARTNER_DISCONNECTED_TEXT);
    expect(run([{ type: "RECONNECTED", at: 2 }], waiting()).phase).toBe("searching");
  });
});

describe("reset and full clear (spec §4)", () => {
  it("reset keeps counts and choices; clear wipes everything with a new id", () => {
    const busy = run(
      [
        { type: "REAL_COUNT", count: 42 },
        { type: "SIMULATED_COUNT", count: 612 },
      ],
      connected(),
    );
    const reset = run([{ type: "RESET" }], busy);
    expect(reset).toMatchObject({
      phase: "idle",
      partner: null,
      messages: [],
      realUserCount: 42,
      simulatedUserCount: 612,
      chatsStarted: 1,
      gender: "male",
      preference: "female",
      isConnected: false,
    });
    const cleared = run([{ type: "CLEAR", userId: "new-id" }], busy);
    expect(cleared).toMatchObject({ userId: "new-id", gender: null, realUserCount: 0, chatsStarted: 0 });
  });

  it("clamps the counters: real at 0, simulated to 500–700", () => {
    expect(run([{ type: "REAL_COUNT", count: -3 }]).realUserCount).toBe(0);
    expect(run([{ type: "SIMULATED_COUNT", count: 900 }]).simulatedUserCount).toBe(700);
  });
});

const PHASE_EVENTS: RandomChatEvent[] = [
  { type: "START" },
  { type: "JOIN_ACKED" },
  { type: "WAITING", since: 1 },
  { type: "MATCHED", roomId: "r", partner: HUMAN, at: 1 },
  { type: "PARTNER_TYPING", isTyping: true },
  { type: "PARTNER_LEFT", reason: "ended", at: 1 },
  { type: "END", at: 1 },
  { type: "NEXT", at: 1 },
  { type: "PERSON_AVAILABLE" },
  { type: "SWITCHED" },
];

describe("illegal events are ignored (every phase × every event)", () => {
  const contexts: Record<RandomChatPhase, RandomChatContext> = {
    idle: chosen(),
    searching: searching(),
    waiting: waiting(),
    connected: connected(),
    ended: ended(),
  };
  const allowed: Record<RandomChatPhase, string[]> = {
    idle: ["START"],
    searching: ["JOIN_ACKED", "WAITING", "MATCHED", "END"],
    waiting: ["WAITING", "MATCHED", "END"],
    connected: ["PARTNER_TYPING", "PARTNER_LEFT", "END", "NEXT"],
    ended: ["START", "NEXT"],
  };
  for (const [phase, context] of Object.entries(contexts) as [RandomChatPhase, RandomChatContext][]) {
    for (const event of PHASE_EVENTS) {
      const isAllowed = allowed[phase].includes(event.type);
      it(`${event.type} in ${phase} is ${isAllowed ? "taken" : "ignored"}`, () => {
        const next = transition(context, event);
        if (isAllowed) expect(next).not.toBe(context);
        else expect(next).toBe(context);
      });
    }
  }
});

const eventArbitrary: fc.Arbitrary<RandomChatEvent> = fc.oneof(
  fc.constantFrom<RandomChatEvent>(
    ...PHASE_EVENTS,
    { type: "MATCHED", roomId: "r2", partner: AI, at: 2 },
    { type: "PARTNER_LEFT", reason: "disconnected", at: 2 },
    { type: "JOIN_FAILED", message: "no" },
    { type: "DISCONNECTED", at: 3 },
    { type: "RECONNECTED", at: 3 },
    { type: "RESET" },
    { type: "CLEAR", userId: "fresh" },
    { type: "TYPING", isTyping: true },
    { type: "SELECT_REPLY", messageId: null },
    { type: "SET_CHOICES", gender: "female", preference: "any" },
  ),
  fc.record({
    type: fc.constant("MESSAGE_SENT" as const),
    id: fc.constantFrom("m-aaaaaaaa", "m-bbbbbbbb"),
    content: fc.string(),
    at: fc.nat(),
  }),
  fc.record({
    type: fc.constant("MESSAGE_ACKED" as const),
    id: fc.constantFrom("m-aaaaaaaa"),
    timestamp: fc.nat(),
  }),
  fc.record({
    type: fc.constant("MESSAGE_RECEIVED" as const),
    message: fc.record({
      id: fc.constantFrom("p-aaaaaaaa", "p-bbbbbbbb"),
      content: fc.string({ minLength: 1 }),
      senderId: fc.constantFrom(HUMAN.id, AI.id),
      timestamp: fc.nat(),
      type: fc.constant("text" as const),
    }),
  }),
  fc.record({
    type: fc.constant("SELECT_REPLY" as const),
    messageId: fc.constantFrom("p-aaaaaaaa", "m-aaaaaaaa"),
  }),
);

describe("property: no event sequence reaches an inconsistent state", () => {
  it("holds for random sequences from a chosen idle state", () => {
    fc.assert(
      fc.property(fc.array(eventArbitrary, { maxLength: 40 }), (events) => {
        let context = chosen();
        for (const event of events) {
          context = transition(context, event);
          expect(consistencyProblems(context)).toEqual([]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("the checker itself catches a connected state without a partner", () => {
    const broken = { ...connected(), partner: null, partnerId: null };
    expect(consistencyProblems(broken)).toContain("connected without a partner");
  });
});
