import { revealedDmImageUrl } from "@heartline/shared";
import { EyeOff } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { RichText } from "../../../lib/i18n/rich-text";
import { useT } from "../../../lib/i18n/use-t";
import { ChatImage } from "../../../ui/chat-image";
import { useSession } from "../../accounts";

export interface SensitiveImageProps {
  src: string;
  alt: string;
  isOwn: boolean;
}

/**
 * Issue #15: an image AutoMod judged explicit. The receiver sees it blurred; "Show image" reveals it
 * only for someone who turned on "Show sensitive images in direct messages" in Settings. The sender
 * sees their own picture, told that it reached the other side blurred.
 * Issue #33: the blur is the server's too. At `src` the receiver gets a 32-pixel blurred rendition,
 * never the picture; "Show image" is the request for the original (`revealedDmImageUrl`), which the
 * server answers only for the pair and only with that setting on. The sender's `src` is the original.
 */
export function SensitiveImage({ src, alt, isOwn }: SensitiveImageProps) {
  const [revealed, setRevealed] = useState(false);
  const { user } = useSession();
  const t = useT();
  if (isOwn || revealed) {
    return (
      <>
        <ChatImage src={isOwn ? src : revealedDmImageUrl(src)} alt={alt} />
        {isOwn ? (
          <span className="mt-1 flex items-center gap-1 text-xs text-white/85">
            <EyeOff aria-hidden="true" className="size-3.5" /> {t("dm.sensitive.sentBlurred")}
          </span>
        ) : null}
      </>
    );
  }
  const canReveal = user?.showSensitiveImages === true;
  return (
    <div
      data-testid="dm-sensitive-image"
      className="relative mt-1 w-64 max-w-full overflow-hidden rounded-xl"
    >
      <img src={src} alt="" aria-hidden="true" className="h-48 w-full scale-110 object-cover blur-2xl" />
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-zinc-950/60 p-3 text-center text-white">
        <EyeOff aria-hidden="true" className="size-6" />
        <p className="text-sm font-semibold">{t("dm.sensitive.title")}</p>
        {canReveal ? (
          <button
            type="button"
            aria-label={t("dm.sensitive.showLabel")}
            onClick={() => setRevealed(true)}
            className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-zinc-900 hover:bg-zinc-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:ring-offset-2 focus-visible:ring-offset-zinc-900"
          >
            {t("dm.sensitive.show")}
          </button>
        ) : (
          <p className="text-xs text-white/90">
            <RichText
              message={t("dm.sensitive.blurred")}
              elements={[
                <Link
                  key="settings"
                  to="/settings"
                  className="font-semibold underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400"
                />,
              ]}
            />
          </p>
        )}
      </div>
    </div>
  );
}
