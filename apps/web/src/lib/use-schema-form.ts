// Before any parse: zod must not probe eval under our CSP.
import "./zod-csp";
import { useState } from "react";
import type { z } from "zod";

type Errors<Values> = Partial<Record<keyof Values, string>>;

/** The first message per field, exactly as the shared schema words it (spec §5). */
function firstErrors<Values>(error: z.ZodError): Errors<Values> {
  const errors: Errors<Values> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof Values;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Form values checked against a shared zod schema. Errors show after the first submit and then follow
 * the input, so a message disappears as soon as the field is fixed.
 */
export function useSchemaForm<Values extends Record<string, string>, Output>(
  schema: z.ZodType<Output>,
  initial: Values,
) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors<Values>>({});
  const [hasSubmitted, setHasSubmitted] = useState(false);

  const check = (next: Values): Output | null => {
    const result = schema.safeParse(next);
    setErrors(result.success ? {} : firstErrors<Values>(result.error));
    return result.success ? result.data : null;
  };

  return {
    values,
    errors,
    setField: (field: keyof Values, value: string) => {
      const next = { ...values, [field]: value };
      setValues(next);
      if (hasSubmitted) check(next);
    },
    /** Validates everything; the parsed data, or null with the messages shown. */
    validate: (): Output | null => {
      setHasSubmitted(true);
      return check(values);
    },
    /** Puts a server-side message under one field (e.g. a taken username). */
    setFieldError: (field: keyof Values, message: string) =>
      setErrors((current) => ({ ...current, [field]: message })),
  };
}
