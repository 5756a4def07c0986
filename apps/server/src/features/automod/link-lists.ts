/**
 * Hosts whose links are refused everywhere (issue #15). Invites pull people off the site to
 * unmoderated places; shorteners hide where a link goes. A small list, kept in the repo: extend it here.
 */
export const INVITE_HOSTS: readonly string[] = [
  "discord.gg",
  "discord.com/invite",
  "discordapp.com/invite",
  "t.me",
  "telegram.me",
  "chat.whatsapp.com",
  "wa.me",
  "snapchat.com/add",
  "kik.me",
  "join.skype.com",
  "signal.group",
  "line.me",
];

export const SHORTENER_HOSTS: readonly string[] = [
  "bit.ly",
  "bitly.com",
  "tinyurl.com",
  "t.co",
  "goo.gl",
  "ow.ly",
  "is.gd",
  "buff.ly",
  "cutt.ly",
  "rebrand.ly",
  "shorturl.at",
  "tiny.cc",
  "rb.gy",
  "s.id",
  "v.gd",
  "t.ly",
];
