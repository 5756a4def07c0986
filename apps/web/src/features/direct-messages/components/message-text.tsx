import { LinkedText } from "../../../ui/linked-text";

/** A message's text as plain text; only http(s) addresses become links (never javascript:). */
export function MessageText({ text, isOwn }: { text: string; isOwn: boolean }) {
  return (
    <LinkedText
      testId="dm-text"
      text={text}
      linkClassName={isOwn ? "text-white decoration-white/70" : "text-rose-700 dark:text-rose-300"}
    />
  );
}
