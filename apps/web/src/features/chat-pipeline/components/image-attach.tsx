import { IMAGE_MIME_TYPES } from "@heartline/shared";
import { ImagePlus } from "lucide-react";
import { useRef } from "react";
import { COMPOSER_ICON_BUTTON } from "./composer-classes";

/** A chat that takes pictures: how its attach button reads and what a picked picture does. */
export interface ComposerImageOptions {
  isUploading: boolean;
  /** The button is there but off (a guest in the group room). */
  isDisabled?: boolean;
  label: string;
  title: string;
  inputTestId?: string;
  /** A picked picture and its caption (maybe empty), sent together once the user sends. */
  onPick: (file: File, caption: string) => void;
}

export interface ImageAttachProps {
  image: ComposerImageOptions;
  /** The picture is staged (previewed with Cancel) until the message is sent; undefined: none was picked. */
  onPicked: (file: File | undefined) => void;
}

/** The hidden file input and the button that opens it. */
export function ImageAttach({ image, onPicked }: ImageAttachProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={fileRef}
        type="file"
        accept={IMAGE_MIME_TYPES.join(",")}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={image.inputTestId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          onPicked(file);
        }}
      />
      <button
        type="button"
        aria-label={image.label}
        title={image.title}
        disabled={image.isDisabled === true || image.isUploading}
        onClick={() => fileRef.current?.click()}
        className={COMPOSER_ICON_BUTTON}
      >
        <ImagePlus aria-hidden="true" className="size-5" />
      </button>
    </>
  );
}
