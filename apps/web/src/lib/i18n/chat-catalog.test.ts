import { describe, expect, it } from "vitest";
import { activateLocale, loadChatCatalog, translate } from "./i18n";

describe("the chat catalog (issue #39)", () => {
  it("loads a language's chats' words once, beside its other catalogs", async () => {
    await activateLocale("ar", ["layout", "app"]);
    await loadChatCatalog("ar");
    await loadChatCatalog("ar");
    expect(translate("chat.partner.stranger")).toBe("شخص غريب");
    expect(translate("chat.title")).toBe("دردشة عشوائية");
  });
});
