import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { activateLocale, isCatalogLoaded } from "./i18n";
import { useCatalog, useT } from "./use-t";

function AccountWords() {
  const t = useT();
  if (!useCatalog("account")) return <p>waiting</p>;
  return <p>{t("accounts.back")}</p>;
}

describe("useCatalog (issue #39)", () => {
  // The web project shares one module graph per worker (vitest.config.ts): another file may have loaded
  // French's account catalog already, so this holds whichever way the language was left.
  it("renders the words of a namespace the language had not asked for, once it is in", async () => {
    await activateLocale("fr", ["layout", "app"]);
    render(<AccountWords />);
    expect(await screen.findByText("Retour")).toBeInTheDocument();
    expect(isCatalogLoaded("account")).toBe(true);
  });
});
