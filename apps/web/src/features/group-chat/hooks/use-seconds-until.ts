import { useEffect, useState } from "react";

/** Whole seconds until `at` (rounded up), ticking each second; 0 once it has passed or with no `at`. */
export function useSecondsUntil(at: number | null, onElapsed?: () => void): number {
  const left = () => (at === null ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1_000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const tick = () => {
      const next = at === null ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1_000));
      setSeconds(next);
      if (next === 0 && at !== null) onElapsed?.();
      return next;
    };
    if (tick() === 0) return;
    const timer = setInterval(() => {
      if (tick() === 0) clearInterval(timer);
    }, 1_000);
    return () => clearInterval(timer);
  }, [at, onElapsed]);
  return seconds;
}
