import { HUMAN_VERIFICATION_MESSAGES } from "@heartline/shared";
import { type FormEvent, useRef, useState } from "react";
import type { z } from "zod";
import { ApiError } from "../../../lib/http-client";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { failedAnswer, humanCheckErrorMessage } from "../domain/auth-messages";
import { useHumanGate } from "../human-check/use-human-check";
import { useHumanPass } from "../human-check/use-human-pass";

/** The server refused the solution (its §8 text), or the widget failed to fetch or solve a challenge. */
function humanPassFailure(error: unknown): string {
  if (error instanceof ApiError) return humanCheckErrorMessage(failedAnswer(error));
  return HUMAN_VERIFICATION_MESSAGES.failed;
}

/** What the guest, sign-in and sign-up requests may change while they run. */
export interface HumanCheckedControls<Values extends Record<string, string>, Output> {
  form: ReturnType<typeof useSchemaForm<Values, Output>>;
  setSubmitting: (isSubmitting: boolean) => void;
  setServerError: (message: string | null) => void;
}

/**
 * spec §4: the guest, sign-in and sign-up forms share one skeleton: validate against the shared schema,
 * optionally check something first (`beforeCheck`, false stops: issue #14, the username before the
 * check), pass the human check, then `onChecked`. With ALTCHA the check runs by itself inside the form
 * (`isChecking`); Turnstile and reCAPTCHA keep their own step (`gate`), since the user may have to act.
 */
export function useHumanCheckedForm<Values extends Record<string, string>, Output>(
  schema: z.ZodType<Output>,
  initial: Values,
  /** The request itself; true when it succeeded (the form is leaving), false after a shown error. */
  onChecked: (data: Output, controls: HumanCheckedControls<Values, Output>) => Promise<boolean>,
  beforeCheck?: (data: Output, controls: HumanCheckedControls<Values, Output>) => Promise<boolean>,
) {
  const form = useSchemaForm(schema, initial);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [isChecking, setChecking] = useState(false);
  const controls = { form, setSubmitting, setServerError };
  const gate = useHumanGate(async (data: Output) => {
    await onChecked(data, controls);
  });
  const pass = useHumanPass();
  const isBusy = useRef(false);

  const runWithAutomaticCheck = async (data: Output) => {
    // A pass solved in the background (after a form error) goes straight out: no progress to show.
    if (!pass.isReady()) {
      setChecking(true);
      const failure = await pass.ensure().then(() => null, humanPassFailure);
      setChecking(false);
      if (failure) {
        setServerError(failure);
        return;
      }
    }
    // A failed request spent the pass on the server all the same: solve the next one now.
    if (!(await onChecked(data, controls))) pass.spent();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The button stays focusable while busy (aria-disabled), so a second Enter must do nothing.
    if (isBusy.current) return;
    setServerError(null);
    const data = form.validate();
    if (!data) return;
    isBusy.current = true;
    try {
      if (beforeCheck && !(await beforeCheck(data, controls))) return;
      if ((await gate.resolveProvider()) === "altcha") await runWithAutomaticCheck(data);
      else await gate.start(data);
    } finally {
      isBusy.current = false;
    }
  };

  return { form, serverError, isSubmitting, isChecking, passState: pass.state, gate, submit };
}
