export interface CaretEdit {
  text: string;
  /** Where the caret goes after the insertion. */
  caret: number;
}

/**
 * Puts `insert` (an emoji) where the caret is, replacing a selection, spaced from the words around
 * it (issue #14): a space before it unless it starts the text or follows whitespace, and one after it
 * unless whitespace follows already, so typing carries on naturally.
 */
export function insertAtCaret(text: string, start: number, end: number, insert: string): CaretEdit {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const before = text.slice(0, from);
  const after = text.slice(to);
  const lead = before === "" || /\s$/.test(before) ? "" : " ";
  const trail = /^\s/.test(after) ? "" : " ";
  const inserted = `${lead}${insert}${trail}`;
  return { text: before + inserted + after, caret: before.length + inserted.length };
}
