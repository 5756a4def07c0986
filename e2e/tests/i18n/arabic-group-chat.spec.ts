import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, useBrowser } from "../../support/browser";
import { signInAsGuest, useGroupChatServer, WAIT } from "../group-chat/group-chat-helpers";

// Issue #39: the group room in Arabic, right to left (the random chat's check is in arabic-and-hindi.spec.ts).
const browser = useBrowser();
const server = useGroupChatServer("noor@heartline.test");

const roomLog = (page: Page) => page.getByRole("log", { name: "رسائل المجموعة" });

async function enterArabicRoom(page: Page): Promise<void> {
  await page.goto("/group-chat");
  await page.getByRole("heading", { level: 1, name: "الدردشة الجماعية" }).waitFor(WAIT);
  expect(
    await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir })),
  ).toEqual({ lang: "ar", dir: "rtl" });
}

describe("the group chat in Arabic (issue #39)", () => {
  it("two Arabic guests talk in the room: its words, the people list and a reply in Arabic, right to left", {
    timeout: 120_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const noor = await browser.newPage({ locale: "ar", viewport: "desktop", colorScheme: "light", baseUrl });
    const sami = await browser.newPage({ locale: "ar", viewport: "phone", colorScheme: "dark", baseUrl });
    await noor.goto("/");
    await signInAsGuest(noor, "noor_guest", "female");
    await sami.goto("/");
    await signInAsGuest(sami, "sami_guest", "male");
    await enterArabicRoom(noor);
    await enterArabicRoom(sami);

    const box = noor.getByRole("textbox", { name: "رسالة إلى المجموعة" });
    await box.fill("مساء الخير يا جماعة");
    await box.press("Enter");
    await roomLog(sami).getByText("مساء الخير يا جماعة").waitFor(WAIT);

    // The people list (desktop) names itself and the viewer in Arabic.
    const people = noor.getByRole("region", { name: /المتصلون الآن/ });
    await people.getByText("(أنت)").waitFor(WAIT);
    // A reply from the phone quotes the original, with the Arabic reply label.
    await sami.getByRole("button", { name: "الرد على noor_guest" }).click();
    expect(await sami.getByTestId("reply-preview").textContent()).toContain("الرد على noor_guest");
    const reply = sami.getByRole("textbox", { name: "رسالة إلى المجموعة" });
    await reply.fill("أهلًا نور!");
    await reply.press("Enter");
    await roomLog(noor).getByText("أهلًا نور!").waitFor(WAIT);
    await screenshot(noor, "group-chat-ar-light-desktop.png", { isReadByTest: true, fullPage: false });
    await screenshot(sami, "group-chat-ar-dark-phone.png", { isReadByTest: true, fullPage: false });
  });
});
