import { type AccountUser, isBuiltInAvatar } from "@heartline/shared";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { UserAvatar } from "../../../ui/user-avatar";
import { useUpdateProfile } from "../api/use-update-profile";
import { useUploadProfileImage } from "../api/use-upload-profile-image";
import { AvatarPicker } from "./avatar-picker";
import { ImageFileButton } from "./image-file-button";
import { UploadStatus } from "./upload-status";

export interface ProfilePictureCardProps {
  user: AccountUser;
}

/** spec §3/§5: upload a picture (JPG, PNG, GIF or WebP up to 5 MB), pick a built-in avatar, or remove it. */
export function ProfilePictureCard({ user }: ProfilePictureCardProps) {
  const picture = useUploadProfileImage("avatar");
  const update = useUpdateProfile();
  const isBusy = picture.isBusy || update.isPending;
  const currentAvatar = isBuiltInAvatar(user.profileImage) ? user.profileImage : null;
  return (
    <Card as="section" aria-labelledby="picture-heading">
      <h2 id="picture-heading" className="text-lg font-semibold">
        Profile picture
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        JPG, PNG, GIF or WebP, up to 5 MB. Large photos are scaled down before they are sent.
      </p>
      <div className="mt-5 flex flex-col gap-5 sm:flex-row sm:items-center">
        <UserAvatar
          username={user.username}
          profileImage={user.profileImage}
          gender={user.gender}
          size="xl"
        />
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            <ImageFileButton
              variant="primary"
              inputLabel="Profile picture file"
              onFile={picture.upload}
              isDisabled={isBusy}
            >
              Upload picture
            </ImageFileButton>
            {user.profileImage ? (
              <Button
                variant="secondary"
                size="sm"
                disabled={isBusy}
                onClick={() => update.mutate({ profileImage: null })}
              >
                Remove picture
              </Button>
            ) : null}
          </div>
          <UploadStatus phase={picture.phase} progress={picture.progress} what="picture" />
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
