import type { ComponentType } from "react";
import { peekPendingVerification, useAuthModalStore } from "../features/accounts";
import { JoinChatRoomButton } from "../features/home/components/join-chat-room-button";
import { TopBarControls } from "../features/layout";
import { activateLocale, documentLocale } from "../lib/i18n/i18n";
import type { IslandName } from "../ui/island";

export interface IslandEntry {
  /**
   * "load": hydrated as soon as the page's script runs. "visible": once the island has come into view
   * and the visitor has engaged with the page or it has settled (`whenEngagedOrSettled`), when the
   * browser is idle. "demand": only once `wakeOn` calls `wake`.
   */
  when: "load" | "visible" | "demand";
  load: () => Promise<ComponentType>;
  /** For a "demand" island: calls `wake` when it is needed (at once if it already is); returns the unsubscribe. */
  wakeOn?: (wake: () => void) => () => void;
}

/** The addresses the account modals act on by themselves: e-mailed links (auth-modals.tsx). */
const MODAL_LINK_PARAMETERS = ["resetToken", "verified"];

/** Whether the account modals have something to do on this page before any button opens one. */
function modalsAreNeededNow(): boolean {
  const params = new URLSearchParams(window.location.search.slice(0, 2_048));
  return MODAL_LINK_PARAMETERS.some((name) => params.has(name)) || peekPendingVerification() !== null;
}

/**
 * What each island (ui/island.tsx) hydrates with (issue #36). The ones a visitor may use at once, and
 * that need no router, are part of the public entry's own graph (counted in the page's initial
 * JavaScript). The account modals (with the router their links need) load when a button opens one, or
 * at once on an e-mailed link's landing or while a verification is pending; the demo conversation
 * once it is in view and the page has settled.
 */
export const ISLANDS: Record<IslandName, IslandEntry> = {
  "top-bar-controls": { when: "load", load: async () => TopBarControls },
  "join-chat-room": { when: "load", load: async () => JoinChatRoomButton },
  "auth-modals": {
    when: "demand",
    // Issue #39: the dialogs' words are in the account catalog (and the app's), which a public page loads only now.
    load: async () => {
      const [islands] = await Promise.all([
        import("./routed-islands"),
        activateLocale(documentLocale(document), ["layout", "app", "account"]),
      ]);
      return islands.RoutedAuthModals;
    },
    wakeOn: (wake) => {
      if (useAuthModalStore.getState().modal || modalsAreNeededNow()) wake();
      return useAuthModalStore.subscribe((state) => {
        if (state.modal) wake();
      });
    },
  },
  "demo-chat": {
    when: "visible",
    load: async () => (await import("../features/home/components/demo-chat")).DemoChat,
  },
};

export function islandEntry(name: string | null): IslandEntry | undefined {
  return name && Object.hasOwn(ISLANDS, name) ? ISLANDS[name as IslandName] : undefined;
}
