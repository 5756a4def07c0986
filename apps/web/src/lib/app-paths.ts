/** The app's route paths that more than one feature needs (spec §2). */
export const CHAT_PATH = "/chat";
export const GROUP_CHAT_PATH = "/group-chat";
