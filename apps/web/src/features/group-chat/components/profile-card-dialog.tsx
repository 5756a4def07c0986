import { type AccountUser, isAuthenticatedUser, type PublicProfile } from "@heartline/shared";
import { Ban, Flag, MessageCircle } from "lucide-react";
import { useState } from "react";
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
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={target ? `${target.username}'s profile` : "Profile"}
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
  if (lookup.isLoading) {
    return (
      <div className="flex h-40 items-center justify-center">
        <Spinner label="Loading profile" />
      </div>
    );
  }
  if (lookup.isError || !lookup.profile) {
    return (
      <p role="alert" className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
        {lookup.isDeleted ? "This account was deleted." : "The profile could not be loaded. Try again later."}
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
        <span className="absolute -bottom-8 left-4 rounded-full ring-4 ring-white dark:ring-zinc-900">
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
            Guest
          </span>
        ) : null}
      </div>
      <ProfileFacts profile={profile} />
      <p
        data-testid="profile-card-bio"
        className="mt-3 break-words whitespace-pre-wrap text-sm text-zinc-800 dark:text-zinc-200"
      >
        {profile.bio?.trim() || <span className="text-zinc-500 dark:text-zinc-400">No bio yet.</span>}
      </p>
      {profile.id === viewer.id ? null : (
        <ProfileActions profile={profile} viewer={viewer} onReport={onReport} />
      )}
    </div>
  );
}

function ProfileFacts({ profile }: { profile: PublicProfile }) {
  const since = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" }).format(
    profile.createdAt,
  );
  return (
    <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
      Member since {since}
      {profile.friendCount !== undefined
        ? ` · ${profile.friendCount} ${profile.friendCount === 1 ? "friend" : "friends"}`
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
            Message
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
            {isBlocked ? "Unblock" : "Block"}
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" onClick={onReport}>
          <Flag aria-hidden="true" className="size-4" />
          Report
        </Button>
      </div>
      {isSocial ? null : (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {viewer.isGuest
            ? "Create a free account to add friends, send messages and block people."
            : "Verify your e-mail to add friends, send messages and block people."}
        </p>
      )}
      {isSocial && profile.isGuest ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Guests are temporary, so they can't be added as friends or messaged.
        </p>
      ) : null}
    </div>
  );
}
