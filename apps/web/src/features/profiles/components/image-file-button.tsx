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
}: ImageFileButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant={variant} size="sm" disabled={isDisabled} onClick={() => inputRef.current?.click()}>
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
