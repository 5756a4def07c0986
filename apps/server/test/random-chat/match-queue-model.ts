import {
  acceptableAt,
  areCompatible,
  choosePartner,
  GENDERS,
  type Gender,
  LANGUAGE_PRIORITY_WINDOW_MS,
  type LanguageCode,
  languageHoldsApart,
  PREFERENCES,
  type Preference,
  REMATCH_COOLDOWN_MS,
} from "@heartline/shared";
import fc from "fast-check";
import type { MatchQueue, WaitingEntry } from "../../src/features/random-chat/match-queue";

/**
 * A model test of any `MatchQueue` (memory or Redis): random sequences of joins, leaves, next,
 * reports, disconnects and time passing, checked after every step against a plain model of the
 * line. The queue must use `clock` for its exclusions (the model's virtual time).
 */
export type CreateMatchQueue = (clock: () => number) => MatchQueue | Promise<MatchQueue>;

export interface MatchQueueModelOptions {
  numRuns?: number;
  seed?: number;
}

/** Few people, so that the same ones meet, part and meet again within a short run. */
const USERS = ["u0", "u1", "u2", "u3", "u4", "u5"] as const;
const INTERESTS = ["music", "games", "films"] as const;
/** Three of the eight, so that people share a language, share none, or gave none, all often. */
const LANGUAGES: readonly LanguageCode[] = ["es", "hi", "pt-BR"];
const REPORT_EXCLUSION_MS = 30 * 24 * 60 * 60_000;

interface Choices {
  gender: Gender;
  preference: Preference;
  interests: string[];
  languages: LanguageCode[];
}

type Command =
  | { kind: "join"; user: string; choices: Choices }
  | { kind: "leave" | "next" | "end" | "report" | "disconnect"; user: string }
  | { kind: "tick"; ms: number };

const userArb = fc.constantFrom(...USERS);
const choicesArb: fc.Arbitrary<Choices> = fc.record({
  gender: fc.constantFrom(...GENDERS),
  preference: fc.constantFrom(...PREFERENCES),
  interests: fc.subarray([...INTERESTS]),
  languages: fc.subarray([...LANGUAGES]),
});
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant("join" as const), user: userArb, choices: choicesArb }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("next" as const), user: userArb }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom("leave" as const, "end" as const, "report" as const, "disconnect" as const),
      user: userArb,
    }),
  },
  {
    weight: 3,
    // Short steps, and steps across the rematch cooldown so exclusions expire while people wait.
    arbitrary: fc.record({
      kind: fc.constant("tick" as const),
      // And steps around the language window, so holds end while people wait (issue #39).
      ms: fc.oneof(
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: LANGUAGE_PRIORITY_WINDOW_MS - 1_000, max: LANGUAGE_PRIORITY_WINDOW_MS + 1_000 }),
        fc.constant(LANGUAGE_PRIORITY_WINDOW_MS),
        fc.integer({ min: 9_000, max: 12_000 }),
      ),
    }),
  },
);

/** The model's view of the world: who waits, who chats with whom, who must be kept apart until when. */
class Model {
  now = 1_000_000;
  readonly waiting = new Map<string, WaitingEntry>();
  readonly partnerOf = new Map<string, string>();
  readonly choices = new Map<string, Choices>();
  private readonly exclusions = new Map<string, number>();
  private readonly entries = new Map<string, WaitingEntry>();

  isExcluded = (a: string, b: string): boolean => (this.exclusions.get(key(a, b)) ?? 0) > this.now;

  exclude(a: string, b: string, ttlMs: number): void {
    const until = this.now + ttlMs;
    if ((this.exclusions.get(key(a, b)) ?? 0) < until) this.exclusions.set(key(a, b), until);
  }

  entryFor(user: string, choices: Choices): WaitingEntry {
    const entry = { id: user, ...choices, joinedAt: this.now, socketId: `socket-${user}`, allowAI: false };
    this.entries.set(user, entry);
    return entry;
  }

  pair(a: WaitingEntry, b: WaitingEntry): void {
    check(a.id !== b.id, `${a.id} was matched with themself`);
    check(!this.partnerOf.has(a.id) && !this.partnerOf.has(b.id), `${a.id} or ${b.id} already has a partner`);
    check(
      areCompatible(this.entries.get(a.id) ?? a, this.entries.get(b.id) ?? b),
      `${a.id}+${b.id} incompatible`,
    );
    check(!this.isExcluded(a.id, b.id), `${a.id}+${b.id} are excluded but were matched`);
    check(
      !languageHoldsApart(this.entries.get(a.id) ?? a, this.entries.get(b.id) ?? b, this.now),
      `${a.id}+${b.id} share no language and neither waited the window, but were matched`,
    );
    this.waiting.delete(a.id);
    this.waiting.delete(b.id);
    this.partnerOf.set(a.id, b.id);
    this.partnerOf.set(b.id, a.id);
  }

  /** Ends the user's chat, keeping the two apart for `ttlMs`; returns whether there was one. */
  endPair(user: string, ttlMs: number): boolean {
    const partner = this.partnerOf.get(user);
    if (partner === undefined) return false;
    this.partnerOf.delete(user);
    this.partnerOf.delete(partner);
    this.exclude(user, partner, ttlMs);
    return true;
  }
}

export async function runMatchQueueModel(
  createQueue: CreateMatchQueue,
  options: MatchQueueModelOptions = {},
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 80, size: "max" }), async (commands) => {
      const model = new Model();
      const queue = await createQueue(() => model.now);
      try {
        for (const command of commands) {
          await apply(queue, model, command);
          await checkInvariants(queue, model);
        }
      } finally {
        await queue.close();
      }
    }),
    { numRuns: options.numRuns ?? 150, ...(options.seed === undefined ? {} : { seed: options.seed }) },
  );
}

async function apply(queue: MatchQueue, model: Model, command: Command): Promise<void> {
  switch (command.kind) {
    case "join":
      // Joining while in a chat ends that chat first, as the server does.
      await endWithExclusion(queue, model, command.user, REMATCH_COOLDOWN_MS);
      model.choices.set(command.user, command.choices);
      await join(queue, model, model.entryFor(command.user, command.choices));
      return;
    case "next": {
      const choices = model.choices.get(command.user);
      if (!choices) return;
      await endWithExclusion(queue, model, command.user, REMATCH_COOLDOWN_MS);
      await join(queue, model, model.entryFor(command.user, choices));
      return;
    }
    case "end":
      await endWithExclusion(queue, model, command.user, REMATCH_COOLDOWN_MS);
      return;
    case "report":
      await endWithExclusion(queue, model, command.user, REPORT_EXCLUSION_MS);
      return;
    case "leave":
    case "disconnect": {
      const wasWaiting = await queue.leave(command.user);
      check(wasWaiting === model.waiting.has(command.user), `leave(${command.user}) answered ${wasWaiting}`);
      model.waiting.delete(command.user);
      if (command.kind === "disconnect")
        await endWithExclusion(queue, model, command.user, REMATCH_COOLDOWN_MS);
      return;
    }
    case "tick": {
      model.now += command.ms;
      for (const [a, b] of await queue.sweep(model.now)) {
        check(
          model.waiting.has(a.id) && model.waiting.has(b.id),
          `sweep paired ${a.id}+${b.id} not both waiting`,
        );
        model.pair(a, b);
      }
      return;
    }
  }
}

/** Ends the user's chat the way the server does: the pair leaves and is excluded from the line. */
async function endWithExclusion(queue: MatchQueue, model: Model, user: string, ttlMs: number): Promise<void> {
  const partner = model.partnerOf.get(user);
  if (partner === undefined || !model.endPair(user, ttlMs)) return;
  await queue.exclude(user, partner, ttlMs);
}

async function join(queue: MatchQueue, model: Model, entry: WaitingEntry): Promise<void> {
  model.waiting.delete(entry.id);
  const expected = choosePartner(entry, [...model.waiting.values()], model.now, model.isExcluded);
  const partner = await queue.joinOrMatch(entry, model.now);
  check(
    partner?.id === expected?.id,
    `${entry.id} was matched with ${partner?.id ?? "nobody"}, the rules pick ${expected?.id ?? "nobody"}`,
  );
  if (partner) {
    check(partner.joinedAt === model.waiting.get(partner.id)?.joinedAt, `${partner.id} came back changed`);
    model.pair(partner, entry);
  } else {
    model.waiting.set(entry.id, entry);
  }
}

async function checkInvariants(queue: MatchQueue, model: Model): Promise<void> {
  const waiting = await queue.waiting();
  const ids = waiting.map((entry) => entry.id);
  check(new Set(ids).size === ids.length, `someone waits twice: ${ids.join(",")}`);
  check(
    [...ids].sort().join(",") === [...model.waiting.keys()].sort().join(","),
    `waiting ${ids.join(",")} but the model expects ${[...model.waiting.keys()].join(",")}`,
  );
  for (let index = 1; index < waiting.length; index += 1) {
    const previous = waiting[index - 1];
    const current = waiting[index];
    check(!!previous && !!current && previous.joinedAt <= current.joinedAt, "waiting() is not oldest first");
  }
  for (const entry of waiting) {
    check(!model.partnerOf.has(entry.id), `${entry.id} is both paired and waiting`);
    for (const other of waiting) {
      if (
        entry.id < other.id &&
        acceptableAt(entry, other, model.now) &&
        !model.isExcluded(entry.id, other.id)
      ) {
        throw new Error(`${entry.id} and ${other.id} are acceptable to each other and both still waiting`);
      }
    }
  }
}

function key(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
