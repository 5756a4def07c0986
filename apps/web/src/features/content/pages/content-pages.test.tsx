import { screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../test/render-page";
import { AboutPage } from "./about-page";
import { ContactPage } from "./contact-page";
import { CookiesPage } from "./cookies-page";
import { GuidelinesPage } from "./guidelines-page";
import { HelpPage } from "./help-page";
import { PrivacyPage } from "./privacy-page";
import { TermsPage } from "./terms-page";

interface PageCase {
  Page: ComponentType;
  heading: string;
  sections: readonly string[];
}

const PAGES: readonly PageCase[] = [
  {
    Page: AboutPage,
    heading: "About Heartline",
    sections: ["Why we built it", "How moderation works", "Our AI promise"],
  },
  {
    Page: GuidelinesPage,
    heading: "Community Guidelines",
    sections: ["Adults only", "What is not allowed", "Mutes, bans and what moderators do", "Staying safe"],
  },
  { Page: HelpPage, heading: "FAQ", sections: ["Getting started", "Random chat", "Your account"] },
  {
    Page: TermsPage,
    heading: "Terms of Service",
    sections: [
      "2. You must be 18 or older",
      "5. Your content",
      "7. The AI companion",
      "10. Limits on our liability",
    ],
  },
  {
    Page: PrivacyPage,
    heading: "Privacy Policy",
    sections: [
      "Random chats are not stored",
      "What we store about you",
      "How long we keep it",
      "Your rights",
    ],
  },
  {
    Page: CookiesPage,
    heading: "Cookie Policy",
    sections: ["Only what is strictly necessary", "How to clear them"],
  },
  {
    Page: ContactPage,
    heading: "Contact",
    sections: ["Write to us", "Reporting someone in a chat", "Emergencies"],
  },
];

describe.each(PAGES)("$heading page", ({ Page, heading, sections }) => {
  it("has exactly one h1 and names the tab after it", () => {
    renderPage(<Page />);
    const h1s = screen.getAllByRole("heading", { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(heading);
    expect(document.title).toBe(`${heading} · Heartline`);
  });

  it("shows its key sections as labelled regions", () => {
    renderPage(<Page />);
    for (const title of sections) {
      expect(screen.getByRole("heading", { level: 2, name: title })).toBeInTheDocument();
      expect(screen.getByRole("region", { name: title })).toBeInTheDocument();
    }
  });

  it("links on to related pages", () => {
    renderPage(<Page />);
    const related = screen.getByRole("navigation", { name: "Keep reading" });
    expect(within(related).getAllByRole("link").length).toBeGreaterThanOrEqual(3);
  });
});

describe("Guidelines, Privacy and Terms link to each other", () => {
  it.each([
    ["Guidelines", GuidelinesPage, ["/privacy", "/terms"]],
    ["Privacy", PrivacyPage, ["/guidelines", "/terms"]],
    ["Terms", TermsPage, ["/guidelines", "/privacy"]],
  ] as const)("%s", (_name, Page, targets) => {
    renderPage(<Page />);
    const hrefs = screen.getAllByRole("link").map((link) => link.getAttribute("href"));
    for (const target of targets) expect(hrefs).toContain(target);
  });
});

describe("legal pages", () => {
  it.each([
    ["Privacy", PrivacyPage],
    ["Terms", TermsPage],
    ["Cookies", CookiesPage],
    ["Guidelines", GuidelinesPage],
  ] as const)("%s carries the last-updated date", (_name, Page) => {
    renderPage(<Page />);
    expect(screen.getByText(/Last updated:/)).toHaveTextContent("Last updated: 22 November 2026");
    expect(screen.getByText("22 November 2026")).toHaveAttribute("datetime", "2026-11-22");
  });

  it("the privacy policy says random chats are not stored, and that a report keeps a snapshot", () => {
    renderPage(<PrivacyPage />);
    const section = screen.getByRole("region", { name: "Random chats are not stored" });
    expect(section).toHaveTextContent(/held only in their memory for the length of the session/);
    expect(section).toHaveTextContent(/snapshot of the last messages/);
    expect(screen.getByText(/Random one-to-one chats are not stored\./)).toBeInTheDocument();
  });

  it("the privacy policy lists what accounts and the browser keep", () => {
    renderPage(<PrivacyPage />);
    const accounts = screen.getByRole("region", { name: "What we store about you" });
    for (const item of ["e-mail address", "hash of your password", "date of birth", "gender", "bio"]) {
      expect(accounts).toHaveTextContent(item);
    }
    expect(screen.getByRole("region", { name: "What your browser keeps" })).toHaveTextContent("chat-storage");
    expect(screen.getByRole("region", { name: "Pictures you upload" })).toHaveTextContent(
      /EXIF data and GPS/,
    );
  });

  it("the cookie policy lists the session cookie and each local storage key", () => {
    renderPage(<CookiesPage />);
    const table = screen.getByRole("table", { name: "Cookies and local storage used by Heartline" });
    const rows = within(table)
      .getAllByRole("rowheader")
      .map((cell) => cell.textContent);
    expect(rows).toEqual(["Session cookie", "heartline-theme", "chat-storage", "Visitor id"]);
    expect(screen.getByText(/no advertising cookies, no analytics cookies/)).toBeInTheDocument();
  });
});

describe("guidelines safety", () => {
  it("points to crisis lines and StopNCII, in new tabs", () => {
    renderPage(<GuidelinesPage />);
    for (const [name, href] of [
      [/findahelpline\.com/, "https://findahelpline.com"],
      [/StopNCII\.org/, "https://stopncii.org"],
    ] as const) {
      const link = screen.getByRole("link", { name });
      expect(link).toHaveAttribute("href", href);
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });
});

describe("contact page", () => {
  it("offers a mailto link for each team and no form", () => {
    const { container } = renderPage(<ContactPage />);
    for (const address of ["support@heartline.chat", "safety@heartline.chat", "privacy@heartline.chat"]) {
      const links = screen.getAllByRole("link", { name: address });
      expect(links[0]).toHaveAttribute("href", `mailto:${address}`);
    }
    expect(container.querySelector("form")).toBeNull();
    expect(screen.getByRole("region", { name: "Reporting someone in a chat" })).toHaveTextContent(
      /use the Report button in that chat\. It sends the moderators a snapshot/,
    );
  });
});
