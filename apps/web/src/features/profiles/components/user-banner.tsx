import { genderColour } from "@heartline/shared";
import { type CSSProperties, useState } from "react";

export interface UserBannerProps {
  username: string | null | undefined;
  /** An uploaded banner's address, or nothing for the drawn default. */
  bannerImage?: string | null;
  /** Tints the default banner (spec §3 Gender colours). */
  gender?: string | null;
  className?: string;
}

const FRAME = "relative block w-full overflow-hidden bg-zinc-200 dark:bg-zinc-800";

/**
 * A profile banner: the uploaded picture, or a soft gradient in the person's gender colour with a
 * few hearts so an empty profile still looks made. A broken address falls back to the gradient.
 */
export function UserBanner({ username, bannerImage, gender, className }: UserBannerProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const name = username?.trim() || "Anonymous";
  const classes = className ? `${FRAME} ${className}` : FRAME;
  const showImage = Boolean(bannerImage) && failedSrc !== bannerImage;
  return (
    <span role="img" aria-label={`${name}'s banner`} className={classes}>
      {showImage && bannerImage ? (
        <img
          src={bannerImage}
          alt=""
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover"
          onError={() => setFailedSrc(bannerImage)}
        />
      ) : (
        <DefaultBanner gender={gender} />
      )}
    </span>
  );
}

function DefaultBanner({ gender }: { gender: string | null | undefined }) {
  const colour = genderColour(gender);
  const style = { "--banner-tint": colour.light, "--banner-tint-dark": colour.dark } as CSSProperties;
  return (
    <span
      data-banner-default={colour.name}
      style={style}
      className="absolute inset-0 bg-linear-to-br from-(--banner-tint) via-rose-400 to-fuchsia-500 opacity-90 dark:from-(--banner-tint-dark) dark:via-rose-700 dark:to-fuchsia-900"
    >
      <svg
        viewBox="0 0 400 100"
        preserveAspectRatio="xMidYMid slice"
        className="h-full w-full text-white/25"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M40 40c0-8 12-10 14-2c2-8 14-6 14 2c0 10-14 16-14 20c0-4-14-10-14-20z" fill="currentColor" />
        <path d="M300 18c0-6 9-7 10-1c1-6 10-5 10 1c0 7-10 11-10 14c0-3-10-7-10-14z" fill="currentColor" />
        <path
          d="M340 60c0-10 15-12 17-2c2-10 17-8 17 2c0 12-17 19-17 24c0-5-17-12-17-24z"
          fill="currentColor"
        />
        <path d="M150 72c0-5 7-6 8-1c1-5 8-4 8 1c0 6-8 9-8 12c0-3-8-6-8-12z" fill="currentColor" />
        <circle cx="220" cy="30" r="3" fill="currentColor" />
        <circle cx="110" cy="20" r="2" fill="currentColor" />
        <circle cx="260" cy="80" r="2.5" fill="currentColor" />
      </svg>
    </span>
  );
}
