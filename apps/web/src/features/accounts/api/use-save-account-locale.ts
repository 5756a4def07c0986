import type { AccountUser, SiteLocale } from "@heartline/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { markLocaleChoiceSaved } from "../../../lib/i18n/locale-choice";
import { saveAccountLocale } from "./account-locale";
import { sessionKeys, useSession } from "./use-session";

export { MY_PROFILE_PATH } from "./account-locale";

/**
 * Issue #39: a signed-in user's choice of language is kept on the account too (`PATCH /api/users/me`),
 * so e-mails and their other devices use it. The session is read when the choice is made (the select
 * may have rendered before it loaded). A failure leaves the choice in this browser, marked unsaved, so
 * the next sign-in saves it (account-locale.ts).
 */
export function useSaveAccountLocale(): (locale: SiteLocale) => void {
  const queryClient = useQueryClient();
  // Subscribed, so the session is fetched wherever a switcher is; read again when the choice is made.
  useSession();
  return useCallback(
    (locale: SiteLocale) => {
      const user = queryClient.getQueryData<AccountUser | null>(sessionKeys.current);
      if (!user) return;
      if (user.locale === locale) markLocaleChoiceSaved();
      else void saveAccountLocale(queryClient, locale);
    },
    [queryClient],
  );
}
