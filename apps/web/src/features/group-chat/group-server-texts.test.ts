import { bannedByMessage, mutedMessage } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { activateLocale, loadChatCatalog, translate } from "../../lib/i18n/i18n";
import { GROUP_SERVER_TEXTS, groupErrorText, mutedText, muteUntilOf } from "./group-server-texts";

describe("the group chat's refusals in the visitor's language (issue #39)", () => {
  it("English is the server's text, exactly, for every known text and for the mute and ban texts", () => {
    expect([...GROUP_SERVER_TEXTS].filter(([text, id]) => translate(id) !== text)).toEqual([]);
    const until = Date.UTC(2026, 0, 2, 14, 5);
    for (const message of [mutedMessage(null), mutedMessage("spam", until), mutedMessage(" rude ", null)]) {
      expect(groupErrorText({ code: "forbidden", message })).toBe(message);
    }
    expect(mutedText("spam", muteUntilOf(until))).toBe(mutedMessage("spam", until));
    expect(groupErrorText({ code: "forbidden", message: bannedByMessage("Ana") })).toBe(
      bannedByMessage("Ana"),
    );
  });

  it("another language fills the mute's time and reason into its own sentence", async () => {
    await Promise.all([activateLocale("es"), loadChatCatalog("es")]);
    const until = Date.UTC(2026, 0, 2, 14, 5);
    expect(groupErrorText({ code: "forbidden", message: mutedMessage("spam", until) })).toBe(
      "Estás silenciado en el chat grupal y no puedes enviar mensajes hasta las 14:05 UTC. Motivo: spam",
    );
    expect(groupErrorText({ code: "forbidden", message: bannedByMessage("Ana") })).toBe(
      "Ana te ha expulsado del chat grupal.",
    );
  });
});
