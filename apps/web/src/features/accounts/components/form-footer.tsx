import { Button } from "../../../ui/button";
import { FormAlert, FormSuccess } from "../../../ui/form-fields";

interface FormFooterProps {
  error: string | null;
  success?: string | null;
  isSubmitting: boolean;
  /** Also disables the button, e.g. once the request has succeeded. */
  isDone?: boolean;
  label: string;
  busyLabel: string;
}

/** The account forms' server message(s) and full-width submit button. */
export function FormFooter({
  error,
  success,
  isSubmitting,
  isDone = false,
  label,
  busyLabel,
}: FormFooterProps) {
  return (
    <>
      <FormAlert message={error} />
      {success === undefined ? null : <FormSuccess message={success} />}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || isDone}>
        {isSubmitting ? busyLabel : label}
      </Button>
    </>
  );
}
