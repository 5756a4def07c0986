import { useState } from "react";
import { useHumanCheckProvider } from "../api/use-human-check-config";

/**
 * spec §4: guest, sign-in and sign-up pass the human check before their request. `start(data)` either
 * runs the request at once (check switched off) or holds the data until the check is passed.
 */
export function useHumanGate<Data>(run: (data: Data) => Promise<void>) {
  const provider = useHumanCheckProvider();
  const [pending, setPending] = useState<{ data: Data } | null>(null);
  return {
    provider,
    isChecking: pending !== null,
    start: async (data: Data) => {
      if (provider === "off") await run(data);
      else setPending({ data });
    },
    /** After the server accepted the check. */
    passed: async () => {
      if (!pending) return;
      const { data } = pending;
      setPending(null);
      await run(data);
    },
    back: () => setPending(null),
  };
}
