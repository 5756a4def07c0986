import {
  AUTOMOD_BLOCKED_CODE,
  AUTOMOD_COPIES,
  AUTOMOD_COPIES_RULE,
  automodBlockedMessage,
  automodRuleMessage,
  screeningText,
} from "@heartline/shared";
import { RateLimiterRes } from "rate-limiter-flexible";
import { automodBlocks } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { findUserById } from "../accounts/index";
import type { AutomodDeps } from "./automod-deps";
import { fileAutomaticReport, type MessageSurface } from "./file-flag";
import { floodFingerprint } from "./flood";
import { findLinks } from "./links";
import { recordHit } from "./strikes";
import { AUTOMOD_MATCH_CAP } from "./word-rules";

/** Accounts younger than this (and guests) post no links in the group room or on the wall. */
export const LINK_MIN_ACCOUNT_AGE_MS = 24 * 60 * 60 * 1_000;
/** Surfaces where the new-account link rule applies (everyone sees them). */
const PUBLIC_SURFACES: ReadonlySet<MessageSurface> = new Set(["group", "confession"]);

export const LINK_RULES = {
  invite: { name: "Invite links", why: "invite links to other apps are not allowed." },
  shortener: { name: "Link shorteners", why: "shortened links are not allowed; post the full address." },
  newAccount: {
    name: "Links from new accounts",
    why: "guests and accounts younger than a day cannot post links here.",
  },
} as const;
export const FLOOD_RULE = {
  name: "Repeated messages",
  message:
    "AutoMod slowed you down (rule “Repeated messages”): you sent nearly the same message several times. Please wait a minute.",
} as const;

/**
 * The "same text from many new accounts" rule looks at texts at least this long (fingerprint letters and
 * digits): five newcomers saying "hello everyone" is a greeting, not a spam run.
 */
export const COPIES_MIN_FINGERPRINT = 20;
/** …sent where they reach people unasked; random chat's strangers greet alike all day long. */
const COPIES_SURFACES: ReadonlySet<MessageSurface> = new Set(["group", "confession", "dm"]);

export interface ScreenMessageInput {
  surface: MessageSurface;
  authorId: string;
  /** The id the send carried: blocks are recorded under it (the review request names it). */
  messageId: string;
  text: string;
}

/**
 * One message through AutoMod (issue #15), before it is stored: words (block, mask, flag), links
 * (invites and shorteners everywhere, any link from guests and day-old accounts in public places),
 * then near-duplicate floods. Answers the text to store (masked where a rule said so); a refusal is
 * thrown, recorded for a review request, and names its rule. A flag files an automatic report.
 */
export async function screenMessage(deps: AutomodDeps, input: ScreenMessageInput): Promise<string> {
  const verdict = deps.rules().check(input.surface, input.text);
  if (verdict.block) {
    const { rule, matched } = verdict.block;
    await refuse(deps, input, rule.name, matched, automodBlockedMessage(rule.name));
  }
  const isNewAuthor = once(() => isNewAccount(deps, input.authorId));
  await screenLinks(deps, input, isNewAuthor);
  await screenFlood(deps, input, isNewAuthor);
  if (verdict.flag) {
    await fileAutomaticReport(deps.db, {
      ...input,
      content: verdict.text,
      ruleName: verdict.flag.rule.name,
      matched: verdict.flag.matched,
      at: deps.clock(),
    });
    await recordHit(deps, {
      userId: input.authorId,
      ruleName: verdict.flag.rule.name,
      surface: input.surface,
    });
  }
  return verdict.text;
}

/** A guest or an account younger than a day; admins are exempt (Discord's exempt roles). */
async function isNewAccount(deps: AutomodDeps, userId: string): Promise<boolean> {
  const author = await findUserById(deps.db, userId);
  return (
    !author ||
    (author.role !== "admin" &&
      (author.isGuest ||
        author.isAnonymous === true ||
        deps.clock() - author.createdAt.getTime() < LINK_MIN_ACCOUNT_AGE_MS))
  );
}

/** The author is read at most once per message, and only when a rule needs their age. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

async function screenLinks(
  deps: AutomodDeps,
  input: ScreenMessageInput,
  isNewAuthor: () => Promise<boolean>,
): Promise<void> {
  // Read as it is seen (issue #33): "discord\u200B.gg/x" is an invite to whoever reads it.
  const [link] = findLinks(screeningText(input.text.slice(0, AUTOMOD_MATCH_CAP)).text);
  if (!link) return;
  if (link.kind !== "other") {
    const rule = LINK_RULES[link.kind];
    await refuse(deps, input, rule.name, link.url, automodRuleMessage(rule.name, rule.why));
  }
  if (!PUBLIC_SURFACES.has(input.surface)) return;
  if (await isNewAuthor()) {
    const rule = LINK_RULES.newAccount;
    await refuse(deps, input, rule.name, link.url, automodRuleMessage(rule.name, rule.why));
  }
}

/**
 * The same text with small changes, again and again from one sender, or from many new accounts: past
 * either limit it is refused (slowed) and, the first time in a window, flagged for the moderators.
 * Established accounts are not counted among the new ones, nor slowed by them.
 */
async function screenFlood(
  deps: AutomodDeps,
  input: ScreenMessageInput,
  isNewAuthor: () => Promise<boolean>,
): Promise<void> {
  const fingerprint = floodFingerprint(input.text);
  if (fingerprint.length < 6) return;
  const key = `${input.authorId}:${fingerprint}`;
  try {
    await deps.floodLimiter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    if (error.consumedPoints === deps.floodLimiter.points + 1) await flagFlood(deps, input, FLOOD_RULE.name);
    deps.onRefused(FLOOD_RULE.name);
    throw new AppError("rate_limited", FLOOD_RULE.message);
  }
  if (fingerprint.length < COPIES_MIN_FINGERPRINT || !COPIES_SURFACES.has(input.surface)) return;
  if (!(await isNewAuthor())) return;
  const sighting = await deps.copies.sight(fingerprint, input.authorId);
  if (sighting.sendersBefore < AUTOMOD_COPIES.senders) return;
  if (sighting.firstPastLimit) await flagFlood(deps, input, AUTOMOD_COPIES_RULE.name);
  deps.onRefused(AUTOMOD_COPIES_RULE.name);
  throw new AppError("rate_limited", AUTOMOD_COPIES_RULE.message);
}

/** A flood's one flag per window: the report beside human ones, and a hit towards the automatic mute. */
async function flagFlood(deps: AutomodDeps, input: ScreenMessageInput, ruleName: string): Promise<void> {
  await fileAutomaticReport(deps.db, {
    ...input,
    content: input.text.slice(0, AUTOMOD_MATCH_CAP),
    ruleName,
    matched: input.text.slice(0, 200),
    at: deps.clock(),
  });
  await recordHit(deps, { userId: input.authorId, ruleName, surface: input.surface });
}

/** Records the refused message (the one a review request may name) and throws the refusal. */
async function refuse(
  deps: AutomodDeps,
  input: ScreenMessageInput,
  ruleName: string,
  matched: string,
  message: string,
): Promise<never> {
  const recorded = await deps.db
    .insert(automodBlocks)
    .values({
      messageId: input.messageId,
      userId: input.authorId,
      surface: input.surface,
      ruleName,
      matched: matched.slice(0, 200),
      content: input.text.slice(0, AUTOMOD_MATCH_CAP),
      createdAt: new Date(deps.clock()),
    })
    .onConflictDoNothing()
    .returning({ messageId: automodBlocks.messageId });
  // A retried send (same id) is one hit, not two.
  if (recorded.length > 0)
    await recordHit(deps, { userId: input.authorId, ruleName, surface: input.surface });
  deps.onRefused(ruleName);
  throw new AppError(AUTOMOD_BLOCKED_CODE, message);
}
