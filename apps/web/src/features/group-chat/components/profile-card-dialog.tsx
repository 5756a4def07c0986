import { type AccountUser, isAuthenticatedUser, type PublicProfile } from "@heartline/shared";
import { Ban, Flag, MessageCircle } from "lucide-react";
import { useState } from "react";
import { perLocaleDateTimeFormat } from "../../../lib/chat-time";
import { formatBareCount } from "../../../lib/format-bare-count";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";
import { GenderName } from "../../../ui/gender-name";
import { LinkButton } from "../../../ui/link-button";
import { Spinner } from "../../../ui/spinner";
import { UserAvatar } from "../../../ui/user-avatar";
import { BlockConfirmDialog, useIsBlocked, useSetBlocked } from "../../direct-messages";
import { FriendshipAction } from "../../friends";
import { UserBanner, useProfile } from "../../profiles";
import { StreakBadge } from "../../streaks";

/** Whose card is open: the id, and the name we already know so the title never flashes empty. */
export interface ProfileCardTarget {
  userId: string;
  username: string;
}

export interface ProfileCardDialogProps {
  target: ProfileCardTarget | null;
  viewer: AccountUser;
  onReport: (target: ProfileCardTarget) => void;
  onClose: () => void;
}

/**
 * issue #14: a tap on a name in the room or a person in the people list opens their card (the house
 * dialog: a bottom sheet on phones, a centred card on wider screens; focus returns on close). Only the
 * group room links here: random chat stays anonymous.
 */
export function ProfileCardDialog({ target, viewer, onReport, onClose }: ProfileCardDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={target ? t("profileCard.title", { name: target.username }) : t("profileCard.untitled")}
      contentProps={{ "aria-describedby": undefined }}
    >
      {target ? <ProfileCardBody target={target} viewer={viewer} onReport={() => onReport(target)} /> : null}
    </Dialog>
  );
}

interface ProfileCardBodyProps {
  target: ProfileCardTarget;
  viewer: AccountUser;
  onReport: () => void;
}

function ProfileCardBody({ target, viewer, onReport }: ProfileCardBodyProps) {
  const lookup = useProfile(target.userId);
  const t = useT();
  if (lookup.isLoading) {
    return (
      <div className="flex h-40 items-center justify-center">
        <Spinner label={t("profileCard.loading")} />
      </div>
    );
  }
  if (lookup.isError || !lookup.profile) {
    return (
      <p role="alert" className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
        {lookup.isDeleted ? t("profileCard.deleted") : t("profileCard.failed")}
      </p>
    );
  }
  const profile = lookup.profile;
  return (
    <div data-testid="profile-card" className="mt-4">
      <div className="relative">
        <UserBanner
          username={profile.username}
          bannerImage={profile.bannerImage}
          gender={profile.gender}
          className="h-24 rounded-xl"
        />
        <span className="absolute -bottom-8 start-4 rounded-full ring-4 ring-white dark:ring-zinc-900">
          <UserAvatar
            username={profile.username}
            profileImage={profile.profileImage}
            gender={profile.gender}
            size="lg"
          />
        </span>
      </div>
      <div className="mt-10 flex flex-wrap items-center gap-2">
        <GenderName gender={profile.gender} className="text-lg font-bold">
          {profile.username}
        </GenderName>
        {profile.highestBadge ? <StreakBadge streakCount={profile.highestBadge.days} size={24} /> : null}
        {profile.isGuest ? (
          <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            {t("profileCard.guest")}
          </span>
        ) : null}
      </div>
      <ProfileFacts profile={profile} />
      <p
        data-testid="profile-card-bio"
        className="mt-3 break-words whitespace-pre-wrap text-sm text-zinc-800 dark:text-zinc-200"
      >
        {profile.bio?.trim() || (
          <span className="text-zinc-500 dark:text-zinc-400">{t("profileCard.noBio")}</span>
        )}
      </p>
      {profile.id === viewer.id ? null : (
        <ProfileActions profile={profile} viewer={viewer} onReport={onReport} />
      )}
    </div>
  );
}

const MEMBER_SINCE = perLocaleDateTimeFormat({ month: "long", year: "numeric" });

function ProfileFacts({ profile }: { profile: PublicProfile }) {
  const t = useT();
  const locale = useLocale();
  const since = MEMBER_SINCE(locale).format(profile.createdAt);
  return (
    <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
      {t("profileCard.memberSince", { since })}
      {profile.friendCount !== undefined
        ? ` · ${t("profileCard.friends", { count: profile.friendCount, shown: formatBareCount(profile.friendCount, locale) })}`
        : ""}
    </p>
  );
}

interface ProfileActionsProps {
  profile: PublicProfile;
  viewer: AccountUser;
  onReport: () => void;
}

/** Report for everyone; block, add friend and message for registered, verified viewers (spec §1, §6). */
function ProfileActions({ profile, viewer, onReport }: ProfileActionsProps) {
  const setBlocked = useSetBlocked();
  const isSocial = isAuthenticatedUser(viewer);
  const isBlocked = useIsBlocked(profile.id, isSocial);
  const [isConfirmingBlock, setConfirmingBlock] = useState(false);
  const t = useT();
  return (
    <div className="mt-5 space-y-3">
      <BlockConfirmDialog
        person={isConfirmingBlock ? profile : null}
        onCancel={() => setConfirmingBlock(false)}
        onConfirm={() => {
          setConfirmingBlock(false);
          setBlocked.mutate({ userId: profile.id, blocked: true });
        }}
      />
      <div className="flex flex-wrap gap-2">
        {isSocial && !profile.isGuest && !isBlocked ? (
          <FriendshipAction userId={profile.id} username={profile.username} variant="button" showFriends />
        ) : null}
        {isSocial && !profile.isGuest && !isBlocked ? (
          <LinkButton to={`/group-chat/dm/${encodeURIComponent(profile.id)}`} variant="secondary" size="sm">
            <MessageCircle aria-hidden="true" className="size-4" />
            {t("profileCard.message")}
          </LinkButton>
        ) : null}
        {isSocial ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={setBlocked.isPending}
            onClick={() =>
              isBlocked ? setBlocked.mutate({ userId: profile.id, blocked: false }) : setConfirmingBlock(true)
            }
          >
            <Ban aria-hidden="true" className="size-4" />
            {isBlocked ? t("profileCard.unblock") : t("profileCard.block")}
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" onClick={onReport}>
          <Flag aria-hidden="true" className="size-4" />
          {t("profileCard.report")}
        </Button>
      </div>
      {isSocial ? null : (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {viewer.isGuest ? t("profileCard.guestViewer") : t("profileCard.unverifiedViewer")}
        </p>
      )}
      {isSocial && profile.isGuest ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("profileCard.guestProfile")}</p>
      ) : null}
    </div>
  );
}
