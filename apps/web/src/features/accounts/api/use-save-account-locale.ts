import type { AccountUser, SiteLocale } from "@heartline/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiRequest } from "../../../lib/http-client";
import { sessionKeys, useSession } from "./use-session";

/** `ACCOUNT_PATHS.myProfile`, spelled out for the landing page's JavaScript (as SESSION_PATH is). */
export const MY_PROFILE_PATH = "/api/users/me";

/**
 * Issue #39: a signed-in user's choice of language is kept on the account too (`PATCH /api/users/me`),
 * so e-mails and their other devices use it. The session is read when the choice is made (the select
 * may have rendered before it loaded). A failure leaves the choice in this browser.
 */
export function useSaveAccountLocale(): (locale: SiteLocale) => void {
  const queryClient = useQueryClient();
  // Subscribed, so the session is fetched wherever a switcher is; read again when the choice is made.
  useSession();
  return useCallback(
    (locale: SiteLocale) => {
      const user = queryClient.getQueryData<AccountUser | null>(sessionKeys.current);
      if (!user || user.locale === locale) return;
      apiRequest<{ user: AccountUser }>(MY_PROFILE_PATH, { method: "PATCH", json: { locale } })
        .then(({ user: saved }) => queryClient.setQueryData(sessionKeys.current, saved))
        .catch(() => undefined);
    },
    [queryClient],
  );
}
