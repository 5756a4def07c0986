import { isValidOnlineUserId, passesDebugMappingCheck } from "@heartline/shared";

export interface OnlineMappingReport {
  checkedAt: number;
  total: number;
  /** Ids that are non-empty strings (spec §5). */
  valid: number;
  /** Ids longer than 10 characters, as the debug check expects (spec §5). */
  passingDebugCheck: number;
  /** The ids that fail either check, as received (for display). */
  failing: readonly unknown[];
}

/** Runs the online-mapping checks of spec §5 over the current online list. */
export function checkOnlineMapping(ids: readonly unknown[], now: number): OnlineMappingReport {
  let valid = 0;
  let passingDebugCheck = 0;
  const failing: unknown[] = [];
  for (const id of ids) {
    const isValid = isValidOnlineUserId(id);
    const passes = passesDebugMappingCheck(id);
    if (isValid) valid += 1;
    if (passes) passingDebugCheck += 1;
    if (!isValid || !passes) failing.push(id);
  }
  return { checkedAt: now, total: ids.length, valid, passingDebugCheck, failing };
}
