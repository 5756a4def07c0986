export interface GroupChatSection {
  path: string;
  label: string;
  /** The page's h1. */
  title: string;
  description: string;
  /** Shown in the header only to admins (the server refuses everyone else anyway). */
  isAdminOnly?: boolean;
}

/** spec §2 The pages under /group-chat, in header order (dm/{partnerId} is a conversation of "dm"). */
export const GROUP_CHAT_SECTIONS: readonly GroupChatSection[] = [
  {
    path: "/group-chat",
    label: "Group chat",
    title: "Group chat",
    description: "The one big room where everyone on Heartline can talk together, with moderators on hand.",
  },
  {
    path: "/group-chat/friends",
    label: "Friends",
    title: "Friends",
    description: "Your friends and friend requests. Friends can send direct messages and keep daily streaks.",
  },
  {
    path: "/group-chat/dm",
    label: "Messages",
    title: "Direct messages",
    description: "Private conversations with people you've met on Heartline.",
  },
  {
    path: "/group-chat/confession-wall",
    label: "Confessions",
    title: "Confession wall",
    description: "Anonymous confessions with emoji reactions and comments.",
  },
  {
    path: "/group-chat/dashboard",
    label: "Dashboard",
    title: "Dashboard",
    description: "Your profile, your streaks and your account.",
  },
  {
    path: "/group-chat/admin",
    label: "Admin",
    title: "Admin",
    description: "Moderation for admins: bans, mutes, reports and confessions.",
    isAdminOnly: true,
  },
];

/** The room's name in the header. */
export const GROUP_ROOM_NAME = "Heartline Lounge";
