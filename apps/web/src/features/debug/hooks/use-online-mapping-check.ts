import { ONLINE_MAPPING_CHECK_INTERVAL_MS } from "@heartline/shared";
import { useEffect, useRef, useState } from "react";
import { checkOnlineMapping, type OnlineMappingReport } from "../domain/check-online-mapping";

/** Re-checks the online list every 10 s (spec §9 mapping debug check), and once right away. */
export function useOnlineMappingCheck(
  ids: readonly unknown[],
  intervalMs: number = ONLINE_MAPPING_CHECK_INTERVAL_MS,
): OnlineMappingReport {
  const latestIds = useRef(ids);
  latestIds.current = ids;
  const [report, setReport] = useState(() => checkOnlineMapping(ids, Date.now()));

  useEffect(() => {
    const timer = setInterval(() => setReport(checkOnlineMapping(latestIds.current, Date.now())), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);

  return report;
}
