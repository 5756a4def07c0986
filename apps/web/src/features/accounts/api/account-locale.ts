import type { AccountUser, SiteLocale } from "@heartline/shared";
import type { QueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { activateLocale, activeLocale, applyDocumentLocale } from "../../../lib/i18n/i18n";
import {
  hasUnsavedLocaleChoice,
  markLocaleChoiceSaved,
  savedLocale,
  saveLocale,
} from "../../../lib/i18n/locale-choice";
import { PUBLIC_PAGE_ATTRIBUTE } from "../../../lib/i18n/switch-locale";
import { sessionKeys } from "./use-session";

/** `ACCOUNT_PATHS.myProfile`, spelled out for the landing page's JavaScript (as SESSION_PATH is). */
export const MY_PROFILE_PATH = "/api/users/me";

/** Keeps `locale` on the signed-in account (`PATCH /api/users/me`); a failure leaves it in this browser only. */
export async function saveAccountLocale(queryClient: QueryClient, locale: SiteLocale): Promise<void> {
  try {
    const { user } = await apiRequest<{ user: AccountUser }>(MY_PROFILE_PATH, {
      method: "PATCH",
      json: { locale },
    });
    queryClient.setQueryData(sessionKeys.current, user);
    markLocaleChoiceSaved();
  } catch {
    // Still unsaved: the next sign-in tries again.
  }
}

/**
 * Issue #39, at a sign-in (or a guest join): a language picked in this browser since the account last
 * heard of one wins and is saved on the account; otherwise the account's language (chosen on another
 * device, say) becomes this browser's too. On a public page only the choice is saved: the sign-in goes
 * on to the app with a full page load, which starts in it.
 */
export async function applyAccountLocale(
  queryClient: QueryClient,
  user: AccountUser,
  doc: Document = document,
): Promise<void> {
  const chosenHere = savedLocale();
  if (chosenHere && hasUnsavedLocaleChoice()) {
    if (user.locale === chosenHere) markLocaleChoiceSaved();
    else await saveAccountLocale(queryClient, chosenHere);
    return;
  }
  const locale = user.locale;
  if (!locale) return;
  saveLocale(locale);
  if (locale === activeLocale() || doc.documentElement.hasAttribute(PUBLIC_PAGE_ATTRIBUTE)) return;
  await activateLocale(locale);
  applyDocumentLocale(doc, locale);
}
