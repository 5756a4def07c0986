import type { AccountUser } from "@heartline/shared";
import { genderColour } from "@heartline/shared";
import { useId } from "react";
import { GENDER_LABELS } from "../../../lib/gender-labels";
import { lazyDateTimeFormat } from "../../../lib/lazy-intl";
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

const MEMBER_SINCE = lazyDateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });

export function formatMemberSince(createdAt: number): string {
  return MEMBER_SINCE.format(new Date(createdAt));
}

/** The profile as others see it: banner (with its own upload and remove), picture, name, gender. */
export function ProfileHeaderCard({ user }: ProfileHeaderCardProps) {
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
        <div className="absolute top-3 right-3 flex flex-wrap justify-end gap-2">
          <PickImageButton
            upload={banner}
            inputLabel="Banner image file"
            errorId={errorId}
            isDisabled={banner.isBusy}
          >
            {user.bannerImage ? "Change banner" : "Upload banner"}
          </PickImageButton>
          {user.bannerImage ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={banner.isBusy || update.isPending}
              onClick={() => update.mutate({ bannerImage: null })}
            >
              Remove banner
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
              <span className={`font-medium ${colour.textClass}`}>{GENDER_LABELS[user.gender]}</span>
            ) : null}
            <span>Member since {formatMemberSince(user.createdAt)}</span>
            {user.isGuest ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-500/15 dark:text-amber-300">
                Guest
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
