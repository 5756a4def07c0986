// The public routes of spec §2, shared by the layout and screenshot specs.

/** Routes under the root layout (spec §2), except /chat which has its own layout rules. */
export const ROOT_LAYOUT_ROUTES = [
  "/",
  "/about",
  "/guidelines",
  "/settings",
  "/help",
  "/terms",
  "/privacy",
  "/cookies",
  "/contact",
  "/debug",
  "/leaderboard",
] as const;

/** Themed landing pages (spec §2). */
export const THEMED_LANDING_ROUTES = [
  "/talk-to-random-girls",
  "/desi-global-girls-chat",
  "/anonymous-girl-chat",
  "/global-girls-chat-room",
  "/chat-with-girls-online",
  "/foreign-girls-chat",
  "/late-night-girl-chat",
  "/meet-girls-online-chat",
  "/college-girls-random-chat",
  "/chat-with-girls-near-or-far",
] as const;

/** Group chat routes (spec §2): guarded, no top bar, no footer. */
export const GROUP_CHAT_ROUTES = [
  "/group-chat",
  "/group-chat/friends",
  "/group-chat/dm",
  "/group-chat/admin",
  "/group-chat/confession-wall",
  "/group-chat/dashboard",
] as const;

export const HOME_TITLE = "Heartline · Anonymous chat with strangers";
