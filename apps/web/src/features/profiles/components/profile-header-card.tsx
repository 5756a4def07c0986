import { type AccountUser, DEFAULT_SITE_LOCALE, genderColour, type SiteLocale } from "@heartline/shared";
import { useId } from "react";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { UserAvatar } from "../../../ui/user-avatar";
import { StreakBadge } from "../../streaks";
import { useProfile } from "../api/use-profile";
import { useUpdateProfile } from "../api/use-update-profile";
import { useUploadProfileImage } from "../api/use-upload-profile-image";
import { PickImageButton } from "./pick-image-button";
import { UploadStatus } from "./upload-status";
import { UserBanner } from "./user-banner";

export interface ProfileHeaderCardProps {
  user: AccountUser;
}

const MEMBER_SINCE = new Map<string, Intl.DateTimeFormat>();

/** The day an account was made, in `locale` (English as "January 5, 2026"); one formatter per language, made on first use. */
export function formatMemberSince(createdAt: number, locale: SiteLocale = DEFAULT_SITE_LOCALE): string {
  const tag = locale === DEFAULT_SITE_LOCALE ? "en-US" : locale;
  let format = MEMBER_SINCE.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { year: "numeric", month: "long", day: "numeric" });
    MEMBER_SINCE.set(tag, format);
  }
  return format.format(new Date(createdAt));
}

/** The profile as others see it: banner (with its own upload and remove), picture, name, gender. */
export function ProfileHeaderCard({ user }: ProfileHeaderCardProps) {
  const t = useT();
  const locale = useLocale();
  const banner = useUploadProfileImage("banner");
  const update = useUpdateProfile();
  const errorId = useId();
  const colour = genderColour(user.gender);
  // The public profile carries the highest streak badge ever reached (issue #12).
  const highestBadge = useProfile(user.isGuest ? null : user.id).profile?.highestBadge ?? null;
  return (
    <section
      aria-labelledby="profile-name"
      className="overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="relative">
        <UserBanner
          username={user.username}
          bannerImage={user.bannerImage}
          gender={user.gender}
          // BANNER_ASPECT (4:1): the crop dialog cuts banners to exactly this frame.
          className="aspect-[4/1]"
        />
        <div className="absolute top-3 end-3 flex flex-wrap justify-end gap-2">
          <PickImageButton
            upload={banner}
            inputLabel={t("profiles.banner.file")}
            errorId={errorId}
            isDisabled={banner.isBusy}
          >
            {user.bannerImage ? t("profiles.banner.change") : t("profiles.banner.upload")}
          </PickImageButton>
          {user.bannerImage ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={banner.isBusy || update.isPending}
              onClick={() => update.mutate({ bannerImage: null })}
            >
              {t("profiles.banner.remove")}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end sm:px-6 sm:pb-6">
        <UserAvatar
          username={user.username}
          profileImage={user.profileImage}
          gender={user.gender}
          size="xl"
          className="relative -mt-12 ring-4 ring-white dark:ring-zinc-900"
        />
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <h2 id="profile-name" className="min-w-0 truncate text-2xl font-bold tracking-tight">
              {user.username}
            </h2>
            {highestBadge ? (
              <span data-testid="profile-highest-badge" className="shrink-0">
                <StreakBadge streakCount={highestBadge.days} size={32} />
              </span>
            ) : null}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
            {user.gender ? (
              <span className={`font-medium ${colour.textClass}`}>{t(`gender.${user.gender}`)}</span>
            ) : null}
            <span>{t("profiles.memberSince", { date: formatMemberSince(user.createdAt, locale) })}</span>
            {user.isGuest ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-500/15 dark:text-amber-300">
                {t("profiles.guestBadge")}
              </span>
            ) : null}
          </p>
          {user.bio ? (
            <p
              data-testid="profile-bio"
              className="mt-3 text-sm whitespace-pre-line text-zinc-700 dark:text-zinc-300"
            >
              {user.bio}
            </p>
          ) : null}
        </div>
        <UploadStatus upload={banner} what="banner" errorId={errorId} />
      </div>
    </section>
  );
}
