/** spec §2 Modals: the human-verification step's exact title. */
export const HUMAN_CHECK_TITLE = "Verify You're Human";
export const HUMAN_CHECK_DESCRIPTION = "One moment: this keeps bots out of the chat rooms.";
