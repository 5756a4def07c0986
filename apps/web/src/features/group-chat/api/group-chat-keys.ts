/** TanStack Query keys of the group chat (STYLE: key factories). */
export const groupChatKeys = {
  all: ["group-chat"] as const,
  /** The room as the server pushes it: messages, online list, mutes (`GroupRoomState`). */
  room: () => [...groupChatKeys.all, "room"] as const,
};
