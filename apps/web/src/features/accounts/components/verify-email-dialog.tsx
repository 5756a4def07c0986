import {
  RESEND_VERIFICATION_MESSAGES,
  UPGRADE_VERIFY_EMAIL_MESSAGE,
  VERIFICATION_POLL_MODAL_MS,
} from "@heartline/shared";
import { useQueryClient } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { RichText } from "../../../lib/i18n/rich-text";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { FormAlert, FormSuccess } from "../../../ui/form-fields";
import { sessionKeys, usePolledSessionUser } from "../api/use-session";
import { localizedMessage } from "../domain/localized-messages";
import { useResendVerification } from "../hooks/use-resend-verification";
import { useAuthModalStore } from "../state/auth-modal-store";
import { peekPendingVerification } from "../state/auth-storage";
import { AuthDialog } from "./auth-dialog";

/**
 * spec §2 'Verify Your Email', §4: checks every 2 s whether the link was opened (the Congratulations
 * modal then takes over, see AuthModals), and offers Resend with its cooldown.
 */
export function VerifyEmailDialog() {
  const t = useT();
  const closeModal = useAuthModalStore((state) => state.closeModal);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = usePolledSessionUser(VERIFICATION_POLL_MODAL_MS);
  const onSessionExpired = useCallback(() => {
    closeModal();
    queryClient.setQueryData(sessionKeys.current, null);
    navigate("/");
  }, [closeModal, navigate, queryClient]);
  const emailJustSent = useAuthModalStore((state) => state.emailJustSent);
  const sentTo = useAuthModalStore((state) => state.email);
  const resend = useResendVerification(onSessionExpired, emailJustSent);
  const isUpgrade = peekPendingVerification() === "upgrade";

  const label = resend.isSending
    ? t("accounts.busy.sending")
    : resend.secondsLeft > 0
      ? t("accounts.verify.resendIn", { seconds: resend.secondsLeft })
      : t("accounts.verify.resend");

  return (
    <AuthDialog title={t("accounts.verify.title")} description={t("accounts.verify.description")}>
      <div className="mt-6 space-y-4">
        <div className="flex items-start gap-3 rounded-xl bg-rose-50 p-4 text-sm text-zinc-800 dark:bg-rose-950/40 dark:text-zinc-200">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-rose-600 dark:text-rose-400" />
          <p>
            {isUpgrade ? `${localizedMessage(UPGRADE_VERIFY_EMAIL_MESSAGE)} ` : null}
            <RichText
              message={t("accounts.verify.sentTo", {
                email: user?.email ?? sentTo ?? t("accounts.verify.yourAddress"),
              })}
              elements={[<strong key="email" className="font-semibold break-all" />]}
            />
          </p>
        </div>
        <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400" role="status">
          <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-rose-500" />
          {t("accounts.verify.waiting")}
        </p>
        <FormSuccess
          message={resend.isSentNoteShown ? localizedMessage(RESEND_VERIFICATION_MESSAGES.sent) : null}
        />
        <FormAlert message={localizedMessage(resend.error)} />
        <Button
          type="button"
          variant="secondary"
          size="lg"
          className="w-full"
          disabled={resend.isDisabled}
          onClick={() => void resend.resend()}
        >
          {label}
        </Button>
        <p className="text-center text-xs text-zinc-500 dark:text-zinc-400">{t("accounts.verify.spam")}</p>
      </div>
    </AuthDialog>
  );
}
