import { splitLinks } from "./safe-links";

export interface LinkedTextProps {
  text: string;
  /** Colours of the links (they differ on a coloured bubble). */
  linkClassName: string;
  className?: string;
  testId?: string;
}

/**
 * A chat message's text as plain text where only http(s) addresses become links (never javascript:
 * or data:), opened in a new tab without the opener or a referrer, and not endorsed for search
 * engines (issue #14). Shared by the group room and direct messages.
 */
export function LinkedText({ text, linkClassName, className, testId }: LinkedTextProps) {
  return (
    <p data-testid={testId} className={`break-words whitespace-pre-wrap ${className ?? ""}`}>
      {splitLinks(text).map((part, index) =>
        part.kind === "link" ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string never reorder.
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className={`underline underline-offset-2 ${linkClassName}`}
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
