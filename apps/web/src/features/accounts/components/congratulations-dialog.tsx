import { CONFETTI_SIGNUP_MS, CONFETTI_UPGRADE_MS } from "@heartline/shared";
import { PartyPopper } from "lucide-react";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { type CongratulationsVariant, useAuthModalStore } from "../state/auth-modal-store";
import { AuthDialog } from "./auth-dialog";

const COPY: Record<CongratulationsVariant, { description: MessageId; body: MessageId }> = {
  signup: { description: "accounts.congrats.signup.description", body: "accounts.congrats.signup.body" },
  upgrade: { description: "accounts.congrats.upgrade.description", body: "accounts.congrats.upgrade.body" },
};

/** spec §9 Confetti: 3 s after sign-up, 5 s after an upgrade; none for people who prefer less motion. */
function useConfetti(durationMs: number) {
  useEffect(() => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    let frame = 0;
    let stop: (() => void) | undefined;
    let isCancelled = false;
    // No worker: the library's worker starts from a blob: URL, which our CSP (worker-src 'self') blocks.
    import("canvas-confetti").then(({ create }) => {
      if (isCancelled) return;
      const fire = create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
      const endsAt = Date.now() + durationMs;
      const burst = () => {
        const colors = ["#e11d48", "#c026d3", "#f59e0b", "#10b981"];
        void fire({ particleCount: 4, angle: 60, spread: 60, origin: { x: 0, y: 0.7 }, colors, zIndex: 60 });
        void fire({ particleCount: 4, angle: 120, spread: 60, origin: { x: 1, y: 0.7 }, colors, zIndex: 60 });
        if (Date.now() < endsAt) frame = requestAnimationFrame(burst);
      };
      burst();
      stop = () => fire.reset();
    });
    return () => {
      isCancelled = true;
      cancelAnimationFrame(frame);
      stop?.();
    };
  }, [durationMs]);
}

/** spec §2 'Congratulations' (signup-success or upgrade variant), §4 after the e-mail is verified. */
export function CongratulationsDialog({ variant }: { variant: CongratulationsVariant }) {
  const t = useT();
  const closeModal = useAuthModalStore((state) => state.closeModal);
  const navigate = useNavigate();
  useConfetti(variant === "upgrade" ? CONFETTI_UPGRADE_MS : CONFETTI_SIGNUP_MS);
  const copy = COPY[variant];
  return (
    <AuthDialog title={t("accounts.congrats.title")} description={t(copy.description)}>
      <div className="mt-6 space-y-5 text-center">
        <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white shadow-lg">
          <PartyPopper aria-hidden="true" className="size-8" />
        </div>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t(copy.body)}</p>
        <Button
          type="button"
          data-autofocus
          size="lg"
          className="w-full"
          onClick={() => {
            closeModal();
            navigate("/group-chat");
          }}
        >
          {t("layout.startChatting")}
        </Button>
      </div>
    </AuthDialog>
  );
}
