import { useEffect, useState } from "react";

const MINUTE_MS = 60_000;

/** Re-renders the caller every minute, so "just now" and "5 minutes ago" stay true on an open page. */
export function useMinuteTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
