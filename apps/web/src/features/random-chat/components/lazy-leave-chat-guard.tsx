import { lazy } from "react";

// spec §2: the Leave Chat confirmation exists only on /chat, so its code loads with that page, not the landing page.
export const LazyLeaveChatGuard = lazy(() =>
  import("./leave-chat-guard").then((module) => ({ default: module.LeaveChatGuard })),
);
