import { lazy, Suspense } from "react";
import { useAuthModalStore } from "../state/auth-modal-store";

const GuestModalDialog = lazy(() =>
  import("./guest-modal-dialog").then((module) => ({ default: module.GuestModalDialog })),
);

/**
 * The guest 'Join Chat Room' modal (spec §2 Modals), mounted once in the root layout and opened
 * through `useAuthModalStore().openModal("guest")`. Its code (and the form validation) loads on first
 * open, keeping it out of the landing page's initial JavaScript.
 */
export function GuestModal() {
  const isOpen = useAuthModalStore((state) => state.modal === "guest");
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <GuestModalDialog />
    </Suspense>
  );
}
