import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { activateLocale } from "../../../lib/i18n/i18n";
import { renderPage } from "../test/render-page";
import { AboutPage } from "./about-page";
import { ContactPage } from "./contact-page";
import { CookiesPage } from "./cookies-page";
import { GuidelinesPage } from "./guidelines-page";
import { HelpPage } from "./help-page";

describe("content pages in another language (issue #39)", () => {
  it("writes About in Spanish, its links kept inside the sentences", async () => {
    await activateLocale("es");
    renderPage(<AboutPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Sobre Heartline" })).toBeInTheDocument();
    const why = screen.getByRole("region", { name: "Por qué lo creamos" });
    expect(within(why).getByRole("link", { name: "normas" })).toHaveAttribute("href", "/guidelines");
    expect(within(why).getByText("anonimato con responsabilidad").tagName).toBe("STRONG");
    const related = screen.getByRole("navigation", { name: "Sigue leyendo" });
    expect(within(related).getByRole("link", { name: /Preguntas frecuentes/ })).toHaveAttribute(
      "href",
      "/help",
    );
  });

  it("writes Contact in Arabic, the addresses unchanged", async () => {
    await activateLocale("ar");
    renderPage(<ContactPage />);
    expect(screen.getByRole("heading", { level: 1, name: "اتصل بنا" })).toBeInTheDocument();
    const report = screen.getByRole("region", { name: "الإبلاغ عن شخص في دردشة" });
    expect(within(report).getByRole("link", { name: "safety@heartline.chat" })).toHaveAttribute(
      "href",
      "mailto:safety@heartline.chat",
    );
  });

  it("dates the Cookie Policy in German and keeps the stored keys' names", async () => {
    await activateLocale("de");
    renderPage(<CookiesPage />);
    expect(screen.getByText("22. November 2026")).toHaveAttribute("datetime", "2026-11-22");
    expect(
      screen.getByRole("table", { name: "Von Heartline genutzte Cookies und lokaler Speicher" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("rowheader", { name: "heartline-theme" })).toBeInTheDocument();
    expect(screen.getByRole("rowheader", { name: "Sitzungscookie" })).toBeInTheDocument();
  });

  it("answers the FAQ in Indonesian, two paragraphs where English has two", async () => {
    await activateLocale("id");
    renderPage(<HelpPage />);
    expect(screen.getByRole("heading", { level: 1, name: "FAQ" })).toBeInTheDocument();
    const streaks = screen.getByText("Bagaimana cara kerja streak?").closest("details");
    expect(streaks?.querySelectorAll("p")).toHaveLength(2);
    expect(streaks).toHaveTextContent("Lencana terbuka pada 3, 7, 14, 30, 60, dan 90 hari.");
    const banned = screen.getByText("Aku diblokir. Bisakah aku mengajukan banding?").closest("details");
    expect(banned?.querySelector("a")).toHaveAttribute("href", "mailto:safety@heartline.chat");
  });

  it("writes the Community Guidelines in Portuguese, with the crisis lines and the safety address", async () => {
    await activateLocale("pt-BR");
    renderPage(<GuidelinesPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Diretrizes da comunidade" })).toBeInTheDocument();
    const notAllowed = screen.getByRole("region", { name: "O que não é permitido" });
    expect(
      within(notAllowed).getByText("Tolerância zero com qualquer conteúdo sexual envolvendo menores.")
        .tagName,
    ).toBe("STRONG");
    const crisis = screen.getByRole("region", { name: "Se você ou outra pessoa estiver em perigo" });
    expect(within(crisis).getByRole("link", { name: /findahelpline\.com/ })).toHaveAttribute(
      "href",
      "https://findahelpline.com",
    );
    expect(within(crisis).getByRole("link", { name: "safety@heartline.chat" })).toHaveAttribute(
      "href",
      "mailto:safety@heartline.chat",
    );
  });
});
