import { useState } from "react";
import { useHumanCheckProvider } from "../api/use-human-check-config";

/**
 * spec §4: guest, sign-in and sign-up pass the human check before their request. `start(data)` runs the
 * request at once when the check is switched off, or holds the data on the 'Verify You're Human' step
 * for a provider whose widget may need the user (ALTCHA runs by itself instead: `useHumanPass`).
 */
export function useHumanGate<Data>(run: (data: Data) => Promise<void>) {
  const { resolveProvider } = useHumanCheckProvider();
  const [pending, setPending] = useState<{ data: Data } | null>(null);
  return {
    resolveProvider,
    isChecking: pending !== null,
    start: async (data: Data) => {
      if ((await resolveProvider()) === "off") await run(data);
      else setPending({ data });
    },
    back: () => setPending(null),
  };
}
