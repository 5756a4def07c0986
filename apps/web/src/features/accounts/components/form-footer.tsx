import { Button } from "../../../ui/button";
import { FormAlert, FormSuccess } from "../../../ui/form-fields";
import { localizedMessage } from "../domain/localized-messages";
import { HumanCheckStatus } from "../human-check/human-check-status";

interface FormFooterProps {
  error: string | null;
  success?: string | null;
  isSubmitting: boolean;
  /** Also disables the button, e.g. once the request has succeeded. */
  isDone?: boolean;
  label: string;
  busyLabel: string;
  /** The human check is running by itself (issue #14); undefined where the form has none. */
  isChecking?: boolean;
}

/** The account forms' server message(s), in the active language, and full-width submit button. */
export function FormFooter({
  error,
  success,
  isSubmitting,
  isDone = false,
  label,
  busyLabel,
  isChecking,
}: FormFooterProps) {
  const isBusy = isSubmitting || isChecking === true;
  return (
    <>
      <FormAlert message={localizedMessage(error)} />
      {success === undefined ? null : <FormSuccess message={localizedMessage(success)} />}
      {isChecking === undefined ? null : <HumanCheckStatus isChecking={isChecking} />}
      <Button
        type="submit"
        size="lg"
        className="w-full aria-disabled:cursor-wait aria-disabled:opacity-60"
        aria-busy={isBusy}
        // With the human check the form guards itself and the button keeps keyboard focus while busy.
        {...(isChecking === undefined
          ? { disabled: isBusy || isDone }
          : { "aria-disabled": isBusy || isDone })}
      >
        {isBusy ? busyLabel : label}
      </Button>
    </>
  );
}
