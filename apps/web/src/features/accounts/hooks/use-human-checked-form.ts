import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useHumanGate } from "../human-check/use-human-check";

/** What the guest, sign-in and sign-up requests may change while they run. */
export interface HumanCheckedControls<Values extends Record<string, string>, Output> {
  form: ReturnType<typeof useSchemaForm<Values, Output>>;
  setSubmitting: (isSubmitting: boolean) => void;
  setServerError: (message: string | null) => void;
}

/**
 * spec §4: the guest, sign-in and sign-up forms share one skeleton: validate against the shared schema,
 * optionally check something first (`beforeCheck`, false stops), pass the human check, then `onChecked`.
 */
export function useHumanCheckedForm<Values extends Record<string, string>, Output>(
  schema: z.ZodType<Output>,
  initial: Values,
  onChecked: (data: Output, controls: HumanCheckedControls<Values, Output>) => Promise<void>,
  beforeCheck?: (data: Output, controls: HumanCheckedControls<Values, Output>) => Promise<boolean>,
) {
  const form = useSchemaForm(schema, initial);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const controls = { form, setSubmitting, setServerError };
  const gate = useHumanGate((data: Output) => onChecked(data, controls));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const data = form.validate();
    if (!data) return;
    if (beforeCheck && !(await beforeCheck(data, controls))) return;
    await gate.start(data);
  };

  return { form, serverError, isSubmitting, gate, submit };
}
