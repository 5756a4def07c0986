import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults, ElementContext, RunOptions } from "axe-core";
import type { Page } from "playwright-core";
import { settleAnimations } from "./browser";

/** WCAG 2.2 A/AA, as issue #14 asks: every A and AA rule of WCAG 2.0, 2.1 and 2.2. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] as const;

const AXE_SOURCE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
let axeSource: Promise<string> | undefined;

export interface AxeNode {
  /** CSS selectors of the element (one per shadow root or frame on the way to it). */
  target: string;
  /** For colour-contrast: "2.93:1 (#f43f5e on #ffffff, 9pt (12px) bold; needs 4.5:1)". */
  contrast: string | null;
  /** axe's own explanation ("Fix any of the following: …"). */
  summary: string;
  html: string;
}

export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  nodes: AxeNode[];
}

export interface AxeExclusion {
  /** CSS selector of the element left out of the check. */
  selector: string;
  /** Why: a real reason (third-party markup we do not own), never "to make it pass". */
  reason: string;
}

export interface AxeScope {
  /** Check only this element (an open dialog, when the page behind it was checked already). */
  within?: string;
  exclude?: AxeExclusion[];
}

interface ContrastData {
  fgColor?: string;
  bgColor?: string;
  contrastRatio?: number;
  expectedContrastRatio?: string;
  fontSize?: string;
  fontWeight?: string;
}

/**
 * Runs axe-core's WCAG 2.2 A/AA rules over the page as it is now (after animations and theme
 * transitions settle) and returns the violations in a readable shape.
 */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<AxeViolation[]> {
  await settleAnimations(page, scope.within);
  if (!(await page.evaluate(() => "axe" in window))) {
    axeSource ??= readFile(AXE_SOURCE_PATH, "utf8");
    // Evaluated through the DevTools protocol: the site's strict CSP would block a <script> tag.
    await page.evaluate(await axeSource);
  }
  return page.evaluate(
    async ({ tags, within, excluded }) => {
      const axe = (
        window as unknown as { axe: { run(c: ElementContext, o: RunOptions): Promise<AxeResults> } }
      ).axe;
      const context: ElementContext = {
        include: within ? [[within]] : document,
        exclude: excluded.map((selector) => [selector]),
      };
      const results = await axe.run(context, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      });
      return results.violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? "unknown",
        help: violation.help,
        nodes: violation.nodes.map((node) => {
          const data = node.any.find((check) => check.id === "color-contrast")?.data as
            | ContrastData
            | undefined;
          const contrast =
            data?.contrastRatio === undefined
              ? null
              : `${data.contrastRatio}:1 (${data.fgColor} on ${data.bgColor}, ${data.fontSize} ${data.fontWeight}; needs ${data.expectedContrastRatio})`;
          return {
            target: node.target
              .map((part) => (Array.isArray(part) ? part.join(" >> ") : String(part)))
              .join(" | "),
            contrast,
            summary: (node.failureSummary ?? "").replace(/\s+/g, " ").trim(),
            html: node.html.slice(0, 200),
          };
        }),
      }));
    },
    {
      tags: [...WCAG_TAGS],
      within: scope.within ?? null,
      excluded: (scope.exclude ?? []).map((exclusion) => exclusion.selector),
    },
  );
}

/** One block per violation: rule, impact, then each element's selector, contrast figures and markup. */
export function formatViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const figures = node.contrast ? `\n      contrast ${node.contrast}` : `\n      ${node.summary}`;
          return `    - ${node.target}${figures}\n      ${node.html}`;
        })
        .join("\n");
      return `[${where}] ${violation.rule} (${violation.impact}, ${violation.nodes.length} element(s)): ${violation.help}\n${nodes}`;
    })
    .join("\n");
}

/**
 * Collects axe findings over a journey and fails once at the end, listing every violation found
 * (so one run shows all of them, not just the first page's).
 */
export function axeAudit() {
  const failures: string[] = [];
  const checked: string[] = [];
  return {
    checked,
    async check(page: Page, where: string, scope: AxeScope = {}): Promise<AxeViolation[]> {
      const violations = await axeViolations(page, scope);
      checked.push(where);
      if (violations.length > 0) failures.push(formatViolations(where, violations));
      return violations;
    },
    /** Checks the page in its current theme, then in the other one, then switches back. */
    async checkBothThemes(page: Page, where: string, scope: AxeScope = {}): Promise<void> {
      const isDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
      await this.check(page, `${where}, ${isDark ? "dark" : "light"}`, scope);
      await setColorScheme(page, isDark ? "light" : "dark");
      await this.check(page, `${where}, ${isDark ? "light" : "dark"}`, scope);
      await setColorScheme(page, isDark ? "dark" : "light");
    },
    assertClean(): void {
      if (failures.length > 0) {
        throw new Error(
          `axe-core (${WCAG_TAGS.join(", ")}) found violations in ${failures.length} of ${checked.length} checks:\n${failures.join("\n")}`,
        );
      }
    },
  };
}

/** Switches the system colour scheme and waits until the app's theme (the html class) follows it. */
export async function setColorScheme(page: Page, scheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (isDark) => document.documentElement.classList.contains("dark") === isDark,
    scheme === "dark",
  );
}
