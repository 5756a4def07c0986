import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue #39's ratchet: the component files whose words are not in the catalogs yet. Every other
 * component must hold no English of its own (a new string goes into src/locales/en/…, and into every
 * other language: src/locales/catalogs.test.ts); a file translated leaves this list (the test says
 * when). docs/features/i18n.md says how to translate one.
 */
const UNTRANSLATED: readonly string[] = [
  "features/accounts/test/render-accounts.tsx",
  "features/confessions/components/author-label.tsx",
  "features/confessions/components/comment-composer.tsx",
  "features/confessions/components/comment-item.tsx",
  "features/confessions/components/confession-card.tsx",
  "features/confessions/components/confession-composer.tsx",
  "features/confessions/components/confession-feed-list.tsx",
  "features/confessions/components/confession-report-details.tsx",
  "features/confessions/components/confession-thread.tsx",
  "features/confessions/components/content-warning-cover.tsx",
  "features/confessions/components/counted-textarea.tsx",
  "features/confessions/components/feed-skeleton.tsx",
  "features/confessions/components/linked-confession-notice.tsx",
  "features/confessions/components/reaction-bar.tsx",
  "features/confessions/components/sort-switch.tsx",
  "features/confessions/pages/confession-wall-page.tsx",
  "features/content/pages/privacy-data-sections.tsx",
  "features/content/pages/privacy-page.tsx",
  "features/content/pages/privacy-rights-sections.tsx",
  "features/content/pages/terms-liability-sections.tsx",
  "features/content/pages/terms-page.tsx",
  "features/debug/pages/debug-page.tsx",
  "features/moderation/components/automod-rules.tsx",
  "features/moderation/components/moderation-lists.tsx",
  "features/moderation/components/report-queue.tsx",
  "features/moderation/components/username-action-form.tsx",
  "features/moderation/hooks/ban-watch.tsx",
  "features/moderation/pages/admin-page.tsx",
  "features/moderation/pages/automod-page.tsx",
  "routes/router.tsx",
];

/** Words that are the same in every language: the brand. */
const UNTRANSLATABLE = new Set(["Heartline"]);

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// Text between tags (not code: no semicolons, calls, arrows or operators), words in the attributes a
// person reads, and the strings of the calls that show text.
const JSX_TEXT = />([^<>{}();=`&|]*?[A-Za-z]{2,}[^<>{}();=`&|]*)</g;
const ATTRIBUTE =
  /\b(aria-label|placeholder|title|alt|label|eyebrow|description|emptyMessage)="([^"]*[A-Za-z]{2,}[^"]*)"/g;
const CALL = /\b(useDocumentTitle|toast(?:\.\w+)?)\(\s*["'`]([^"'`]*[A-Za-z]{2,})/g;

/** The English a component's source shows a person, comments left out. */
function englishIn(source: string): string[] {
  const code = source
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  for (const match of code.matchAll(JSX_TEXT)) {
    const text = (match[1] ?? "").trim();
    if (/^[A-Za-z0-9]/.test(text) && !/^[a-z]+$/.test(text) && !UNTRANSLATABLE.has(text)) found.push(text);
  }
  for (const match of code.matchAll(ATTRIBUTE)) found.push(match[2] ?? "");
  for (const match of code.matchAll(CALL)) found.push(match[2] ?? "");
  return found;
}

function componentFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx") && !file.startsWith("test/"))
    .sort();
}

describe("English left in components (issue #39)", () => {
  const files = componentFiles();

  it("finds none in a file that is not listed as untranslated", () => {
    const leaks = files
      .filter((file) => !UNTRANSLATED.includes(file))
      .map((file) => ({ file, english: englishIn(readFileSync(path.join(SRC, file), "utf8")) }))
      .filter(({ english }) => english.length > 0);
    expect(leaks).toEqual([]);
  });

  it("lists only files that still hold English (a translated one leaves the list)", () => {
    const done = UNTRANSLATED.filter(
      (file) => !files.includes(file) || englishIn(readFileSync(path.join(SRC, file), "utf8")).length === 0,
    );
    expect(done).toEqual([]);
  });

  it("recognises English where a person reads it, and leaves code and messages alone", () => {
    expect(englishIn('<p className="x">Talk to strangers.</p>')).toEqual(["Talk to strangers."]);
    expect(englishIn('<input aria-label="Demo message" />')).toEqual(["Demo message"]);
    expect(englishIn('useDocumentTitle("Settings");')).toEqual(["Settings"]);
    expect(englishIn('<p>{t("home.hero.text")}</p>')).toEqual([]);
    expect(englishIn("const x = useState<string | null>(null);\n  return (<div />);")).toEqual([]);
    expect(englishIn('<span aria-hidden="true" className="size-5" />{/* Says hello. */}')).toEqual([]);
  });
});
