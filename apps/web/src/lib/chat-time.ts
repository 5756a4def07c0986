import { perLocaleDateTimeFormat } from "./lazy-intl";

/** A chat message's time ("3:07 PM", "15:07"), as people of the site's language write it (issue #39). */
export const chatTimeFormat = perLocaleDateTimeFormat({ hour: "numeric", minute: "2-digit" });
