import { splitLinks } from "../state/safe-links";

/** A message's text as plain text; only http(s) addresses become links (never javascript:). */
export function MessageText({ text, isOwn }: { text: string; isOwn: boolean }) {
  return (
    <p data-testid="dm-text" className="break-words whitespace-pre-wrap">
      {splitLinks(text).map((part, index) =>
        part.kind === "link" ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string never reorder.
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className={`underline underline-offset-2 ${isOwn ? "text-white decoration-white/70" : "text-rose-700 dark:text-rose-300"}`}
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string never reorder.
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
