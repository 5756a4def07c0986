import { IMAGE_MIME_TYPES } from "@heartline/shared";
import { type ReactNode, useRef } from "react";
import { Button, type ButtonVariant } from "../../../ui/button";

export interface ImageFileButtonProps {
  /** The button text, e.g. "Upload picture". */
  children: ReactNode;
  onFile: (file: File) => void;
  isDisabled?: boolean;
  variant?: ButtonVariant;
  /** Names the hidden file input for tests and assistive technology. */
  inputLabel: string;
  /** Called as the file chooser opens, e.g. to fetch what the pick will need. */
  onChooserOpen?: () => void;
  /** The id of a text that describes the button (the last upload error). */
  describedBy?: string;
}

/**
 * A real button (keyboard and screen-reader friendly) that opens the file chooser for the spec §5
 * image types. The input is reset after each pick so the same file can be chosen again.
 */
export function ImageFileButton({
  children,
  onFile,
  isDisabled,
  variant = "secondary",
  inputLabel,
  onChooserOpen,
  describedBy,
}: ImageFileButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant={variant}
        size="sm"
        disabled={isDisabled}
        aria-describedby={describedBy}
        onClick={() => {
          onChooserOpen?.();
          inputRef.current?.click();
        }}
      >
        {children}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_MIME_TYPES.join(",")}
        aria-label={inputLabel}
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file) onFile(file);
        }}
      />
    </>
  );
}
