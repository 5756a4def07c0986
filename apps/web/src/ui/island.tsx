import type { ReactNode } from "react";

/**
 * issue #36: the interactive parts of a prerendered public page. Everything else on such a page stays
 * the HTML the build wrote; src/public-entry.tsx hydrates only what is marked with this, each part as
 * its own small React root (src/islands/mount-islands.tsx), so the page never loads the app's router.
 */
export type IslandName = "top-bar-controls" | "join-chat-room" | "auth-modals" | "demo-chat";

export const ISLAND_ATTRIBUTE = "data-island";

export interface IslandProps {
  name: IslandName;
  children: ReactNode;
}

/**
 * Marks `children` as the island `name`: a box-less wrapper (`display: contents`) the browser hydrates
 * with the component the island registry names. The children must be that component alone, with no
 * props, so the client renders exactly what the build did.
 */
export function Island({ name, children }: IslandProps) {
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
