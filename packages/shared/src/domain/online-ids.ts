/** spec §5 Online-user ids are valid only if they are non-empty strings. */
export function isValidOnlineUserId(id: unknown): id is string {
  return typeof id === "string" && id.length > 0;
}

/** Length the online-mapping debug check expects ids to exceed (spec §5). */
export const DEBUG_MAPPING_MIN_ID_LENGTH = 10;

/** spec §5 The debug mapping check (every 10 s, §9) expects an id longer than 10 characters. */
export function passesDebugMappingCheck(id: unknown): id is string {
  return typeof id === "string" && id.length > DEBUG_MAPPING_MIN_ID_LENGTH;
}
