import type { ComponentType } from "react";
import { useAuthModalStore } from "../features/accounts";
import { JoinChatRoomButton } from "../features/home/components/join-chat-room-button";
import { TopBarControls } from "../features/layout";
import type { IslandName } from "../ui/island";

export interface IslandEntry {
  /** "load": hydrated as soon as the page's script runs; "idle": once the browser has nothing else to do. */
  when: "load" | "idle";
  load: () => Promise<ComponentType>;
  /** For an "idle" island: calls `wake` when it is needed before then; returns the unsubscribe. */
  wakeOn?: (wake: () => void) => () => void;
}

/**
 * What each island (ui/island.tsx) hydrates with (issue #36). The ones a visitor may use at once, and
 * that need no router, are part of the public entry's own graph (counted in the page's initial
 * JavaScript). The account modals (with the router their links need) and the demo conversation load
 * after idle; the modals at once if a button opens one before that.
 */
export const ISLANDS: Record<IslandName, IslandEntry> = {
  "top-bar-controls": { when: "load", load: async () => TopBarControls },
  "join-chat-room": { when: "load", load: async () => JoinChatRoomButton },
  "auth-modals": {
    when: "idle",
    load: async () => (await import("./routed-islands")).RoutedAuthModals,
    wakeOn: (wake) => {
      if (useAuthModalStore.getState().modal) wake();
      return useAuthModalStore.subscribe((state) => {
        if (state.modal) wake();
      });
    },
  },
  "demo-chat": {
    when: "idle",
    load: async () => (await import("../features/home/components/demo-chat")).DemoChat,
  },
};

export function islandEntry(name: string | null): IslandEntry | undefined {
  return name && Object.hasOwn(ISLANDS, name) ? ISLANDS[name as IslandName] : undefined;
}
