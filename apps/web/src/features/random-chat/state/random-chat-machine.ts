import {
  clampRealUserCount,
  clampSimulatedCount,
  REPORT_WINDOW_MS,
  type ReplyPreview,
} from "@heartline/shared";
import type {
  ChatPartner,
  EndReason,
  RandomChatContext,
  RandomChatEvent,
  RandomChatMessage,
  RandomChatPhase,
  SystemMessageKind,
} from "./random-chat-types";

export const SYSTEM_SENDER_ID = "system";
export const CONNECTED_TEXT = "You're now chatting with a stranger. Say hi!";
export const PARTNER_LEFT_TEXT = "Your partner has left the chat.";
export const PARTNER_DISCONNECTED_TEXT = "Your partner disconnected.";
export const YOU_LEFT_TEXT = "You left the chat.";

/** ARCHITECTURE §9.2: the AI is disclosed from its first message. */
export function aiConnectedText(name: string): string {
  return `You're chatting with ${name}, an AI companion. It is not a person, and we keep looking for a real partner for you.`;
}

/** A fresh session: nothing chosen, nobody met, counters at zero. */
export function createInitialContext(userId: string): RandomChatContext {
  return {
    phase: "idle",
    userId,
    partnerId: null,
    partner: null,
    roomId: null,
    messages: [],
    isTyping: false,
    isPartnerTyping: false,
    isWaiting: false,
    isSearching: false,
    isConnected: false,
    realUserCount: 0,
    simulatedUserCount: 0,
    chatsStarted: 0,
    gender: null,
    preference: null,
    interests: [],
    personAvailable: false,
    selectedMessage: null,
    waitingSince: null,
    endReason: null,
    lastPartnerEndedAt: null,
    searchingCount: null,
    isHeldByCooldown: false,
    sharedInterests: [],
    aiAvailable: null,
    error: null,
  };
}

/** The session flags follow from the phase alone, so they can never disagree with it. */
function enter(context: RandomChatContext, phase: RandomChatPhase): RandomChatContext {
  const isConnected = phase === "connected";
  return {
    ...context,
    phase,
    isSearching: phase === "searching",
    isWaiting: phase === "waiting",
    isConnected,
    isTyping: isConnected && context.isTyping,
    isPartnerTyping: isConnected && context.isPartnerTyping,
    personAvailable: isConnected && context.personAvailable,
    selectedMessage: isConnected ? context.selectedMessage : null,
  };
}

/** spec §4 reset: partner, messages and session flags go; counts, choices and ids stay. */
function withoutSession(context: RandomChatContext): RandomChatContext {
  return {
    ...context,
    partnerId: null,
    partner: null,
    roomId: null,
    messages: [],
    isTyping: false,
    isPartnerTyping: false,
    personAvailable: false,
    selectedMessage: null,
    waitingSince: null,
    endReason: null,
    error: null,
    searchingCount: null,
    isHeldByCooldown: false,
    sharedInterests: [],
  };
}

function systemMessage(
  context: RandomChatContext,
  content: string,
  at: number,
  systemKind: SystemMessageKind,
  systemName?: string,
): RandomChatMessage {
  return {
    id: `system-${context.messages.length}-${at}`,
    content,
    systemKind,
    ...(systemName === undefined ? {} : { systemName }),
    senderId: SYSTEM_SENDER_ID,
    timestamp: at,
    isSystem: true,
    type: "system",
    status: "sent",
  };
}

/** The AI companion is not reported through the report window (it has its own transcript rules). */
function endedAtOf(context: RandomChatContext, at: number): number | null {
  return context.partner && !context.partner.isAI ? at : context.lastPartnerEndedAt;
}

const END_KIND: Record<Exclude<EndReason, "error">, SystemMessageKind> = {
  "partner-left": "partner-left",
  "partner-disconnected": "partner-disconnected",
  "you-left": "you-left",
};

function endChat(
  context: RandomChatContext,
  reason: Exclude<EndReason, "error">,
  text: string,
  at: number,
): RandomChatContext {
  const messages = [...context.messages, systemMessage(context, text, at, END_KIND[reason])];
  return enter(
    { ...context, messages, endReason: reason, lastPartnerEndedAt: endedAtOf(context, at) },
    "ended",
  );
}

function updateMessage(
  context: RandomChatContext,
  id: string,
  change: (message: RandomChatMessage) => RandomChatMessage | null,
): RandomChatContext {
  let isChanged = false;
  const messages = context.messages.map((message) => {
    if (message.id !== id || message.isSystem || message.senderId !== context.userId) return message;
    const next = change(message);
    if (!next) return message;
    isChanged = true;
    return next;
  });
  return isChanged ? { ...context, messages } : context;
}

function toPreview(message: RandomChatMessage): ReplyPreview {
  const { id, content, senderId, timestamp, type } = message;
  return { id, content, senderId, timestamp, type };
}

function matched(
  context: RandomChatContext,
  roomId: string,
  partner: ChatPartner,
  sharedInterests: string[],
  at: number,
) {
  const base = { ...withoutSession(context), roomId, partner, partnerId: partner.id, sharedInterests };
  const text = partner.isAI ? aiConnectedText(partner.name ?? "the AI companion") : CONNECTED_TEXT;
  const connected = { ...base, chatsStarted: context.chatsStarted + 1 };
  const line = partner.isAI
    ? systemMessage(connected, text, at, "ai-connected", partner.name)
    : systemMessage(connected, text, at, "connected");
  return enter({ ...connected, messages: [line] }, "connected");
}

/**
 * The random chat as a pure transition function: (context, event) → context. An event that makes
 * no sense in the current phase returns the context unchanged (the same object).
 */
export function transition(context: RandomChatContext, event: RandomChatEvent): RandomChatContext {
  const { phase } = context;
  switch (event.type) {
    case "SESSION":
      return event.userId === context.userId ? context : { ...context, userId: event.userId };
    case "AI_STATUS":
      return { ...context, aiAvailable: event.available };
    case "REAL_COUNT":
      return { ...context, realUserCount: clampRealUserCount(event.count) };
    case "SIMULATED_COUNT":
      return { ...context, simulatedUserCount: clampSimulatedCount(event.count) };
    case "SET_CHOICES":
      if (phase !== "idle" && phase !== "ended") return context;
      return {
        ...context,
        gender: event.gender ?? context.gender,
        preference: event.preference ?? context.preference,
        interests: event.interests ?? context.interests,
      };
    case "START":
      if ((phase !== "idle" && phase !== "ended") || !context.gender || !context.preference) return context;
      return enter(withoutSession(context), "searching");
    case "NEXT": {
      if ((phase !== "connected" && phase !== "ended") || !context.gender || !context.preference) {
        return context;
      }
      const lastPartnerEndedAt =
        phase === "connected" ? endedAtOf(context, event.at) : context.lastPartnerEndedAt;
      return enter({ ...withoutSession(context), lastPartnerEndedAt }, "searching");
    }
    case "REPORTED":
      return context.lastPartnerEndedAt === null ? context : { ...context, lastPartnerEndedAt: null };
    case "SWITCHED":
      if (phase !== "connected" || !context.partner?.isAI) return context;
      return enter(withoutSession(context), "searching");
    case "JOIN_ACKED":
      return phase === "searching" ? enter(context, "waiting") : context;
    case "JOIN_FAILED":
      if (phase !== "searching" && phase !== "waiting") return context;
      return enter({ ...withoutSession(context), endReason: "error", error: event.message }, "ended");
    case "WAITING": {
      // After an AI error the server puts the user back in the line (partner_left, then waiting).
      const isBackFromAi =
        phase === "ended" && context.endReason === "partner-disconnected" && context.partner?.isAI;
      if (phase !== "searching" && phase !== "waiting" && !isBackFromAi) return context;
      const base = isBackFromAi ? withoutSession(context) : context;
      const status =
        event.searching === undefined
          ? {}
          : { searchingCount: event.searching, isHeldByCooldown: event.isHeldByCooldown === true };
      return enter({ ...base, ...status, waitingSince: event.since }, "waiting");
    }
    case "LINE_STATUS":
      if (phase !== "searching" && phase !== "waiting") return context;
      return { ...context, searchingCount: event.searching, isHeldByCooldown: event.isHeldByCooldown };
    case "WIDEN":
      if ((phase !== "searching" && phase !== "waiting") || context.preference === "any") return context;
      return enter({ ...context, preference: "any", isHeldByCooldown: false }, "searching");
    case "MATCHED":
      if (phase !== "searching" && phase !== "waiting") return context;
      return matched(context, event.roomId, event.partner, event.sharedInterests ?? [], event.at);
    case "MESSAGE_SENT": {
      const content = event.content.trim();
      if (phase !== "connected" || !content || context.messages.some((m) => m.id === event.id))
        return context;
      const message: RandomChatMessage = {
        id: event.id,
        content,
        senderId: context.userId,
        timestamp: event.at,
        isSystem: false,
        type: "text",
        status: "pending",
        ...(context.selectedMessage ? { replyTo: context.selectedMessage } : {}),
      };
      return {
        ...context,
        messages: [...context.messages, message],
        selectedMessage: null,
        isTyping: false,
        error: null,
      };
    }
    case "MESSAGE_RETRY":
      if (phase !== "connected") return context;
      return updateMessage(context, event.id, (m) =>
        m.status === "failed" ? { ...m, status: "pending" } : null,
      );
    case "MESSAGE_ACKED":
      return updateMessage(context, event.id, (m) =>
        m.status === "sent" ? null : { ...m, status: "sent", timestamp: event.timestamp },
      );
    case "MESSAGE_FAILED": {
      const next = updateMessage(context, event.id, (m) =>
        m.status === "pending" ? { ...m, status: "failed" } : null,
      );
      return next === context ? context : { ...next, error: event.message };
    }
    case "MESSAGE_RECEIVED": {
      const { message } = event;
      if (phase !== "connected" || message.senderId !== context.partnerId) return context;
      if (context.messages.some((m) => m.id === message.id)) return context;
      const received: RandomChatMessage = { ...message, isSystem: false, status: "sent" };
      return { ...context, messages: [...context.messages, received], isPartnerTyping: false };
    }
    case "TYPING":
      return phase === "connected" && context.isTyping !== event.isTyping
        ? { ...context, isTyping: event.isTyping }
        : context;
    case "PARTNER_TYPING":
      return phase === "connected" && context.isPartnerTyping !== event.isTyping
        ? { ...context, isPartnerTyping: event.isTyping }
        : context;
    case "PERSON_AVAILABLE":
      return phase === "connected" && context.partner?.isAI ? { ...context, personAvailable: true } : context;
    case "PARTNER_LEFT":
      if (phase !== "connected") return context;
      return event.reason === "ended"
        ? endChat(context, "partner-left", PARTNER_LEFT_TEXT, event.at)
        : endChat(context, "partner-disconnected", PARTNER_DISCONNECTED_TEXT, event.at);
    case "END":
      if (phase === "connected") return endChat(context, "you-left", YOU_LEFT_TEXT, event.at);
      // Cancel while searching: back to the picker (the server takes us out of the line).
      if (phase === "searching" || phase === "waiting") return enter(withoutSession(context), "idle");
      return context;
    case "ACTION_FAILED":
      return { ...context, error: event.message };
    case "DISCONNECTED":
      // spec §4 AI fallback: a socket disconnect switches the AI off.
      if (phase !== "connected" || !context.partner?.isAI) return context;
      return endChat(context, "partner-disconnected", PARTNER_DISCONNECTED_TEXT, event.at);
    case "RECONNECTED":
      // spec §9 refresh after reconnect: the server ended the pair of the dropped socket.
      if (phase === "connected")
        return endChat(context, "partner-disconnected", PARTNER_DISCONNECTED_TEXT, event.at);
      if (phase === "waiting") return enter(context, "searching");
      return context;
    case "SELECT_REPLY": {
      if (phase !== "connected") return context;
      if (event.messageId === null)
        return context.selectedMessage ? { ...context, selectedMessage: null } : context;
      const target = context.messages.find((m) => m.id === event.messageId);
      if (!target || target.isSystem) return context;
      return { ...context, selectedMessage: toPreview(target) };
    }
    case "RESET":
      return enter(withoutSession(context), "idle");
    case "CLEAR":
      // spec §4 full clear: everything goes, a new user id is issued (the caller drops chat-storage).
      return { ...createInitialContext(event.userId), aiAvailable: context.aiAvailable };
  }
}

/** Whether "Report last partner" is offered now: a person's chat ended less than the window ago. */
export function canReportLastPartner(context: Pick<RandomChatContext, "lastPartnerEndedAt">, now: number) {
  const { lastPartnerEndedAt } = context;
  return lastPartnerEndedAt !== null && now - lastPartnerEndedAt < REPORT_WINDOW_MS;
}

/** What a consistent context looks like; the property test checks every reachable one. */
export function consistencyProblems(context: RandomChatContext): string[] {
  const problems: string[] = [];
  const { phase } = context;
  if (context.isConnected !== (phase === "connected")) problems.push("isConnected disagrees with the phase");
  if (context.isWaiting !== (phase === "waiting")) problems.push("isWaiting disagrees with the phase");
  if (context.isSearching !== (phase === "searching")) problems.push("isSearching disagrees with the phase");
  if (phase === "connected" && (!context.partner || context.partnerId !== context.partner.id)) {
    problems.push("connected without a partner");
  }
  if ((phase === "idle" || phase === "searching" || phase === "waiting") && context.partner) {
    problems.push("a partner outside a chat");
  }
  if (phase !== "connected" && (context.isPartnerTyping || context.isTyping))
    problems.push("typing outside a chat");
  if (phase !== "connected" && (context.selectedMessage || context.personAvailable)) {
    problems.push("chat-only state outside a chat");
  }
  if (context.personAvailable && !context.partner?.isAI)
    problems.push("person offered without an AI partner");
  if (new Set(context.messages.map((m) => m.id)).size !== context.messages.length)
    problems.push("duplicate ids");
  if ((phase === "searching" || phase === "waiting") && (!context.gender || !context.preference)) {
    problems.push("searching without choices");
  }
  return problems;
}
