import {
  EMAIL_SENT_NOTE_MS,
  RESEND_COOLDOWN_MS,
  RESEND_COOLDOWN_TOO_MANY_MS,
  RESEND_SENDING_STATE_MS,
  SESSION_EXPIRED_REDIRECT_MS,
} from "@heartline/shared";
import { useEffect, useState } from "react";
import { accountRequests } from "../api/account-requests";
import { failedAnswer, resendFailure } from "../domain/auth-messages";

const SECOND_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * spec §4, §8, §9 Resend verification: disabled during a 60 s countdown (300 s after too many
 * attempts), a 'Sending' state of at least 2 s, the 3 s 'Email Sent!' note, and on an expired session
 * the message and then `onSessionExpired` 3 s later. Right after sign-up the e-mail just went out, so it starts cooling down.
 */
export function useResendVerification(onSessionExpired: () => void, emailJustSent: boolean) {
  const [cooldownUntil, setCooldownUntil] = useState(() =>
    emailJustSent ? Date.now() + RESEND_COOLDOWN_MS : 0,
  );
  const [now, setNow] = useState(() => Date.now());
  const [isSending, setSending] = useState(false);
  const [isSentNoteShown, setSentNoteShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isExpired, setExpired] = useState(false);

  const secondsLeft = Math.max(0, Math.ceil((cooldownUntil - now) / SECOND_MS));
  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [secondsLeft]);

  useEffect(() => {
    if (!isSentNoteShown) return;
    const timer = setTimeout(() => setSentNoteShown(false), EMAIL_SENT_NOTE_MS);
    return () => clearTimeout(timer);
  }, [isSentNoteShown]);

  useEffect(() => {
    if (!isExpired) return;
    const timer = setTimeout(onSessionExpired, SESSION_EXPIRED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isExpired, onSessionExpired]);

  const resend = async () => {
    setError(null);
    setSending(true);
    const [failure] = await Promise.all([
      accountRequests.resendVerification().then(() => null, failedAnswer),
      wait(RESEND_SENDING_STATE_MS),
    ]);
    setSending(false);
    const startedAt = Date.now();
    setNow(startedAt);
    if (!failure) {
      setSentNoteShown(true);
      setCooldownUntil(startedAt + RESEND_COOLDOWN_MS);
      return;
    }
    const { kind, message } = resendFailure(failure);
    setError(message);
    if (kind === "too-many-requests") setCooldownUntil(startedAt + RESEND_COOLDOWN_TOO_MANY_MS);
    if (kind === "session-expired") setExpired(true);
  };

  return {
    resend,
    secondsLeft,
    isSending,
    isSentNoteShown,
    error,
    isDisabled: isSending || secondsLeft > 0 || isExpired,
  };
}
