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
  it("loads a namespace the language has not loaded yet, and renders once it is in", async () => {
    await activateLocale("fr", ["layout", "app"]);
    expect(isCatalogLoaded("account")).toBe(false);
    render(<AccountWords />);
    expect(screen.getByText("waiting")).toBeInTheDocument();
    expect(await screen.findByText("Retour")).toBeInTheDocument();
    expect(isCatalogLoaded("account")).toBe(true);
  });
});
