import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useT } from "../../../lib/i18n/use-t";
import { COMPOSER_ICON_BUTTON } from "./composer-classes";

/** The message being answered, above the box: a title and either a one-line excerpt or the chat's quote. */
export interface ComposerReply {
  testId: string;
  /** "Replying to Sam". */
  title: string;
  /** One line of what is quoted ("Photo" for a picture), in a box of its own. */
  excerpt?: string;
  /** Or the chat's own quote, which brings its own box. */
  quote?: ReactNode;
}

export interface ComposerReplyPreviewProps {
  reply: ComposerReply;
  onCancel: () => void;
}

const BOXED =
  "mb-2 flex items-start gap-2 rounded-lg border-s-4 border-rose-400 bg-zinc-100 px-2 py-1 dark:bg-zinc-800";

/** What a reply quotes, with "Cancel reply". */
export function ComposerReplyPreview({ reply, onCancel }: ComposerReplyPreviewProps) {
  const isBoxed = reply.quote === undefined;
  const t = useT();
  return (
    <div data-testid={reply.testId} className={isBoxed ? BOXED : "mb-2 flex items-start gap-2"}>
      <div className={`min-w-0 flex-1 ${isBoxed ? "text-xs" : ""}`}>
        <p className={`font-medium text-zinc-600 dark:text-zinc-400 ${isBoxed ? "" : "mb-1 text-xs"}`.trim()}>
          {reply.title}
        </p>
        {isBoxed ? <p className="truncate text-zinc-800 dark:text-zinc-200">{reply.excerpt}</p> : reply.quote}
      </div>
      <button
        type="button"
        aria-label={t("composer.cancelReply")}
        onClick={onCancel}
        className={`${COMPOSER_ICON_BUTTON} size-8`}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
