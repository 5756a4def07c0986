import { lazy, type ReactNode, Suspense } from "react";
import type { ButtonVariant } from "../../../ui/button";
import type { ProfileImageUpload } from "../api/use-upload-profile-image";
import { ImageFileButton } from "./image-file-button";

/** The crop dialog's chunk (react-easy-crop and all): fetched as the file chooser opens. */
const loadImageCropDialog = () => import("./image-crop-dialog");

const ImageCropDialog = lazy(() =>
  loadImageCropDialog().then((module) => ({ default: module.ImageCropDialog })),
);

export interface PickImageButtonProps {
  upload: ProfileImageUpload;
  /** The button text, e.g. "Upload picture". */
  children: ReactNode;
  inputLabel: string;
  /** The id of the upload's error line, which describes the button while there is an error. */
  errorId: string;
  isDisabled?: boolean;
  variant?: ButtonVariant;
}

/**
 * Issue #14: the upload button of a profile picture or banner and, once a still picture is picked,
 * its crop dialog (loaded on first use). What happens to the pick is `upload.pick`'s business.
 */
export function PickImageButton({
  upload,
  children,
  inputLabel,
  errorId,
  isDisabled,
  variant,
}: PickImageButtonProps) {
  return (
    <>
      <ImageFileButton
        variant={variant}
        inputLabel={inputLabel}
        onFile={upload.pick}
        onChooserOpen={() => void loadImageCropDialog().catch(() => undefined)}
        isDisabled={isDisabled}
        describedBy={upload.error ? errorId : undefined}
      >
        {children}
      </ImageFileButton>
      {upload.cropping ? (
        <Suspense fallback={null}>
          <ImageCropDialog
            file={upload.cropping}
            kind={upload.kind}
            onCancel={upload.cancelCrop}
            onSave={upload.saveCrop}
          />
        </Suspense>
      ) : null}
    </>
  );
}
