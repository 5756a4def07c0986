import { type AccountUser, isBuiltInAvatar } from "@heartline/shared";
import { useId } from "react";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { UserAvatar } from "../../../ui/user-avatar";
import { useUpdateProfile } from "../api/use-update-profile";
import { useUploadProfileImage } from "../api/use-upload-profile-image";
import { AvatarPicker } from "./avatar-picker";
import { PickImageButton } from "./pick-image-button";
import { UploadStatus } from "./upload-status";

export interface ProfilePictureCardProps {
  user: AccountUser;
}

/**
 * spec §3/§5: upload a picture (JPG, PNG, GIF or WebP up to 5 MB; cropped first, issue #14), pick a
 * built-in avatar, or remove it.
 */
export function ProfilePictureCard({ user }: ProfilePictureCardProps) {
  const t = useT();
  const picture = useUploadProfileImage("avatar");
  const update = useUpdateProfile();
  const isBusy = picture.isBusy || update.isPending;
  const currentAvatar = isBuiltInAvatar(user.profileImage) ? user.profileImage : null;
  const errorId = useId();
  return (
    <Card as="section" aria-labelledby="picture-heading">
      <h2 id="picture-heading" className="text-lg font-semibold">
        {t("profiles.picture.title")}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("profiles.picture.text")}</p>
      <div className="mt-5 flex flex-col gap-5 sm:flex-row sm:items-center">
        <UserAvatar
          username={user.username}
          profileImage={user.profileImage}
          gender={user.gender}
          size="xl"
        />
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            <PickImageButton
              upload={picture}
              variant="primary"
              inputLabel={t("profiles.picture.file")}
              errorId={errorId}
              isDisabled={isBusy}
            >
              {t("profiles.picture.upload")}
            </PickImageButton>
            {user.profileImage ? (
              <Button
                variant="secondary"
                size="sm"
                disabled={isBusy}
                onClick={() => update.mutate({ profileImage: null })}
              >
                {t("profiles.picture.remove")}
              </Button>
            ) : null}
          </div>
          <UploadStatus upload={picture} what="picture" errorId={errorId} />
        </div>
      </div>
      <div className="mt-6 border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <AvatarPicker
          value={currentAvatar}
          isDisabled={isBusy}
          onChoose={(avatarId) => update.mutate({ profileImage: avatarId })}
        />
      </div>
    </Card>
  );
}
