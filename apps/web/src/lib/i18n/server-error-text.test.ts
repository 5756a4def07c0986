import { FRIEND_ERROR_MESSAGES, SERVER_MESSAGES } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { activateLocale, loadChatCatalog, translate } from "./i18n";
import { COMMON_SERVER_TEXTS, serverErrorText, withServerTexts } from "./server-error-text";

describe("server refusals in the visitor's language (issue #39)", () => {
  it("each known server text's English message is that text, exactly", () => {
    const differing = [...COMMON_SERVER_TEXTS].filter(([text, id]) => translate(id) !== text);
    expect(differing).toEqual([]);
  });

  it("English shows the server's own text, known or not", () => {
    expect(serverErrorText({ code: "conflict", message: SERVER_MESSAGES.notWithAi })).toBe(
      SERVER_MESSAGES.notWithAi,
    );
    expect(serverErrorText({ code: "forbidden", message: "A text the client does not know." })).toBe(
      "A text the client does not know.",
    );
  });

  it("another language shows the known text's translation, else the code's, else the server's text", async () => {
    await Promise.all([activateLocale("de"), loadChatCatalog("de")]);
    expect(serverErrorText({ code: "conflict", message: SERVER_MESSAGES.notWithAi })).toBe(
      "Du chattest gerade nicht mit dem KI-Begleiter.",
    );
    expect(serverErrorText({ code: "rate_limited", message: "Slow down, rule X." })).toBe(
      "Zu viele Anfragen. Versuch es später noch einmal.",
    );
    expect(serverErrorText({ code: "weird", message: "Unknown." })).toBe("Unknown.");
    const table = withServerTexts(COMMON_SERVER_TEXTS, [[FRIEND_ERROR_MESSAGES.alreadyFriends, "chat.you"]]);
    expect(serverErrorText({ message: FRIEND_ERROR_MESSAGES.alreadyFriends }, table)).toBe("Du");
  });
});
