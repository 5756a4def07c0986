import { cloneElement, Fragment, type ReactElement, type ReactNode } from "react";

const TAG = /<(\d+)>(.*?)<\/\1>/gs;

export interface RichTextProps {
  /** A translated message whose marked parts (`<0>…</0>`, not nested) become `elements[0]` and so on. */
  message: string;
  elements: readonly ReactElement<{ children?: ReactNode }>[];
}

/**
 * Issue #39: a message with a link or an emphasis inside, kept as one message so each language orders
 * its words freely ("Read the <0>Community Guidelines</0> first."). Text outside the marks stays text.
 */
export function RichText({ message, elements }: RichTextProps) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(message.slice(last, index));
    const element = elements[Number(match[1])];
    parts.push(element ? cloneElement(element, { key: index }, match[2]) : match[2]);
    last = index + match[0].length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return <Fragment>{parts}</Fragment>;
}
