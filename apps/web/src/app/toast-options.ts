import { TOAST_DEFAULT_DURATION_MS } from "@heartline/shared";

// spec §9 Toasts: 3 s, top centre, up to 20 at once (react-hot-toast's own limit is 20). The colours
// are inline (react-hot-toast's own inline white beats any class) and follow the page's color-scheme.
export const TOAST_OPTIONS = {
  duration: TOAST_DEFAULT_DURATION_MS,
  style: {
    background: "light-dark(#ffffff, #27272a)",
    color: "light-dark(#18181b, #f4f4f5)",
    border: "1px solid light-dark(#e4e4e7, #3f3f46)",
  },
};

/**
 * issue #38: toasts sit below the top bar (64 px, the group chat's header 57 px) instead of over its
 * links and account menu; react-hot-toast's own inset is 16 px.
 */
export const TOASTER_CONTAINER_STYLE = { top: 72 };
