import {
  AVATAR_SIZES,
  type AvatarSize,
  avatarFallbackInitial,
  builtInAvatarNumber,
  genderColour,
  isBuiltInAvatar,
} from "@heartline/shared";
import { type CSSProperties, type ReactElement, useState } from "react";
import { BUILT_IN_AVATARS } from "./built-in-avatars";

export interface UserAvatarProps {
  username: string | null | undefined;
  /** `avatar-1`…`avatar-4`, an image address, or nothing (spec §3 Avatars). */
  profileImage?: string | null;
  /** Tints the initial fallback (spec §3 Gender colours). */
  gender?: string | null;
  size?: AvatarSize;
  className?: string;
}

const CIRCLE = "inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full";

/** spec §3 Avatars: built-in art, an uploaded image, or the first letter on a gender-tinted circle. */
export function UserAvatar({ username, profileImage, gender, size = "md", className }: UserAvatarProps) {
  const px = AVATAR_SIZES[size];
  const name = username?.trim() || "Anonymous";
  const box: CSSProperties = { width: px, height: px };
  const classes = className ? `${CIRCLE} ${className}` : CIRCLE;
  const fallback = <InitialFallback username={username} gender={gender} px={px} />;

  let content = fallback;
  if (isBuiltInAvatar(profileImage)) {
    // avatar-{digits} is always a built-in id, never an address; ids without art show the initial.
    const Art = BUILT_IN_AVATARS[`avatar-${builtInAvatarNumber(profileImage)}`];
    if (Art) content = <Art className="h-full w-full" />;
  } else if (profileImage) {
    content = <AvatarImage key={profileImage} src={profileImage} fallback={fallback} />;
  }

  return (
    <span role="img" aria-label={`${name}'s avatar`} className={classes} style={box}>
      {content}
    </span>
  );
}

interface AvatarImageProps {
  src: string;
  fallback: ReactElement;
}

/** An uploaded picture; a broken address degrades to the initial instead of a broken-image icon. */
function AvatarImage({ src, fallback }: AvatarImageProps) {
  const [hasFailed, setHasFailed] = useState(false);
  if (hasFailed) return fallback;
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      className="h-full w-full object-cover"
      onError={() => setHasFailed(true)}
    />
  );
}

interface InitialFallbackProps {
  username: string | null | undefined;
  gender: string | null | undefined;
  px: number;
}

function InitialFallback({ username, gender, px }: InitialFallbackProps) {
  const colour = genderColour(gender);
  // CSS variables let one inline colour pair follow the dark class (spec §3 Gender colours).
  const style = {
    "--avatar-tint": colour.light,
    "--avatar-tint-dark": colour.dark,
    fontSize: Math.round(px * 0.45),
  } as CSSProperties;
  return (
    // The letter is drawn as generated content: it is part of the picture (named by the wrapper), not
    // text, so a button holding an avatar and a name reads as the name alone (WCAG 2.5.3, issue #14).
    <span
      data-gender-colour={colour.name}
      data-initial={avatarFallbackInitial(username)}
      className="flex h-full w-full items-center justify-center bg-(--avatar-tint) font-semibold leading-none text-white before:content-[attr(data-initial)] dark:bg-(--avatar-tint-dark) dark:text-zinc-950"
      style={style}
    />
  );
}
