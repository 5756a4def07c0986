import { useEffect, useState } from "react";

/**
 * A picture picked for a chat but not sent yet (issue #14): the composer previews it with an optional
 * caption and Cancel. The preview address is released when the picture is sent, replaced or dropped.
 */
export function useStagedImage() {
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return { file, previewUrl, stage: setFile, clear: () => setFile(null) };
}
