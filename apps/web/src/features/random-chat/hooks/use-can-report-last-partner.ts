import { REPORT_WINDOW_MS } from "@heartline/shared";
import { useEffect, useState } from "react";
import { canReportLastPartner } from "../state/random-chat-machine";
import { useRandomChatStore } from "../state/random-chat-store";

/** True while the last person's chat ended less than `REPORT_WINDOW_MS` ago; turns false on time. */
export function useCanReportLastPartner(): boolean {
  const lastPartnerEndedAt = useRandomChatStore((state) => state.lastPartnerEndedAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (lastPartnerEndedAt === null) return;
    const left = lastPartnerEndedAt + REPORT_WINDOW_MS - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left);
    return () => clearTimeout(timer);
  }, [lastPartnerEndedAt]);
  return canReportLastPartner({ lastPartnerEndedAt }, now);
}
