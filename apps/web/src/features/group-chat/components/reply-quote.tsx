import type { GroupReplyPreview } from "@heartline/shared";
import { useState } from "react";
import { useT } from "../../../lib/i18n/use-t";
import { BlockedNotice } from "./blocked-notice";

export interface ReplyQuoteProps {
  replyTo: GroupReplyPreview;
  /** The quoted original is from someone the viewer blocked: folded until asked (issue #33). */
  isFromBlocked: boolean;
}

/** The quoted original of a reply, as the server stored it (spec §2 replies). */
export function ReplyQuote({ replyTo, isFromBlocked }: ReplyQuoteProps) {
  const [isShown, setIsShown] = useState(false);
  const isFolded = isFromBlocked && !isShown;
  const t = useT();
  return (
    <blockquote
      data-testid="reply-quote"
      className="my-1 rounded-lg border-s-4 border-rose-400 bg-zinc-100 px-2 py-1 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
    >
      {isFromBlocked ? (
        <BlockedNotice kind="quote" isShown={isShown} onToggle={() => setIsShown(!isShown)} />
      ) : null}
      {isFolded ? null : (
        <>
          <span className="block font-semibold">{replyTo.senderUsername}</span>
          <span className="line-clamp-2 break-words whitespace-pre-wrap">
            {replyTo.type === "text" ? replyTo.content : t("group.image")}
          </span>
        </>
      )}
    </blockquote>
  );
}
