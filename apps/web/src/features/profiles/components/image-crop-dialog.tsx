import { ZoomIn, ZoomOut } from "lucide-react";
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import Cropper, { type Area, type MediaSize } from "react-easy-crop";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";
import type { CropSelection } from "../image/crop-for-upload";
import { CROP_FRAMES } from "../image/crop-geometry";
import type { ProfileImageKind } from "../image/upload-image";

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
const ZOOM_STEP = 0.25;
/** Screen pixels an arrow key moves the picture (Shift: a fifth of it, the library's fine step). */
const KEYBOARD_STEP = 10;

const TEXTS: Record<ProfileImageKind, { title: MessageId; area: MessageId }> = {
  avatar: { title: "profiles.crop.avatar.title", area: "profiles.crop.avatar.area" },
  banner: { title: "profiles.crop.banner.title", area: "profiles.crop.banner.area" },
};

export interface ImageCropDialogProps {
  file: File;
  kind: ProfileImageKind;
  onCancel: () => void;
  onSave: (selection: CropSelection) => void;
}

function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** The picked file as an address the cropper can show, released when the dialog closes. */
function useObjectUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const address = URL.createObjectURL(file);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [file]);
  return url;
}

/**
 * Issue #14: position and zoom a picked picture before it is uploaded, in the frame it is shown in
 * (round for the avatar, 4:1 for the banner). Drag or arrow keys move it; the slider, the buttons,
 * the wheel, a pinch or + and − zoom. Loaded on first use (react-easy-crop is in this chunk only).
 */
export function ImageCropDialog({ file, kind, onCancel, onSave }: ImageCropDialogProps) {
  const t = useT();
  const frame = CROP_FRAMES[kind];
  const image = useObjectUrl(file);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [selection, setSelection] = useState<CropSelection | null>(null);
  const natural = useRef<MediaSize | null>(null);
  const cropArea = useRef<RefObject<HTMLDivElement | null> | null>(null);
  const helpId = useId();

  const zoomBy = (delta: number) => setZoom((current) => clampZoom(current + delta));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "+" || event.key === "=") zoomBy(ZOOM_STEP);
    else if (event.key === "-" || event.key === "_") zoomBy(-ZOOM_STEP);
    else return;
    event.preventDefault();
  };
  const onCropComplete = (_area: Area, areaPixels: Area) => {
    const media = natural.current;
    if (!media) return;
    setSelection({ area: areaPixels, natural: { width: media.naturalWidth, height: media.naturalHeight } });
  };
  // The first crop answer means the picture is in place: keyboard users start on the crop area.
  const isReady = selection !== null;
  useEffect(() => {
    if (isReady) cropArea.current?.current?.focus();
  }, [isReady]);

  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onCancel();
      }}
      title={t(TEXTS[kind].title)}
      description={t("profiles.crop.description")}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: + and − zoom while the crop area (inside) has focus. */}
      <div
        data-testid="crop-stage"
        onKeyDown={onKeyDown}
        className="relative mt-4 h-64 overflow-hidden rounded-xl bg-zinc-900 sm:h-72"
      >
        {image ? (
          <Cropper
            image={image}
            crop={crop}
            zoom={zoom}
            aspect={frame.aspect}
            cropShape={frame.isRound ? "round" : "rect"}
            showGrid={!frame.isRound}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            keyboardStep={KEYBOARD_STEP}
            onCropChange={setCrop}
            onZoomChange={(next) => setZoom(clampZoom(next))}
            // Called with the picture's size before its first crop answer (onMediaLoaded comes after).
            setMediaSize={(media) => {
              natural.current = media;
            }}
            onCropComplete={onCropComplete}
            setCropperRef={(ref) => {
              cropArea.current = ref;
            }}
            classes={{ cropAreaClassName: "focus-visible:outline-2 focus-visible:outline-rose-400" }}
            cropperProps={{
              role: "group",
              "aria-label": t(TEXTS[kind].area),
              "aria-describedby": helpId,
            }}
          />
        ) : null}
      </div>
      <p id={helpId} className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
        {t("profiles.crop.keyboard")}
      </p>
      <div className="mt-4 flex items-center gap-3">
        <Button
          variant="ghost"
          size="sm"
          aria-label={t("profiles.crop.zoomOut")}
          disabled={zoom <= MIN_ZOOM}
          onClick={() => zoomBy(-ZOOM_STEP)}
          className="w-9 px-0"
        >
          <ZoomOut aria-hidden="true" className="size-5" />
        </Button>
        <input
          type="range"
          aria-label={t("profiles.crop.zoom")}
          aria-valuetext={`${Math.round(zoom * 100)}%`}
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={zoom}
          onChange={(event) => setZoom(clampZoom(Number(event.currentTarget.value)))}
          className="h-2 min-w-0 flex-1 cursor-pointer accent-rose-600 dark:accent-rose-400"
        />
        <Button
          variant="ghost"
          size="sm"
          aria-label={t("profiles.crop.zoomIn")}
          disabled={zoom >= MAX_ZOOM}
          onClick={() => zoomBy(ZOOM_STEP)}
          className="w-9 px-0"
        >
          <ZoomIn aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t("profiles.cancel")}
        </Button>
        <Button disabled={!selection} onClick={() => selection && onSave(selection)}>
          {t("profiles.save")}
        </Button>
      </div>
    </Dialog>
  );
}
