/**
 * issue #38: a chat picture's stored width and height travel in its address (`…/{uuid}-{w}x{h}.jpg`,
 * as image CDNs do), so a log reserves the picture's box before it loads and does not jump when it
 * does. The server names every group and DM upload so (`chatImageFileName`); older addresses without
 * the size still show, and are only measured once loaded.
 */

/** The largest side a size in an address may claim (the upload's pixel limit is far below). */
const MAX_SIDE = 20_000;
const SIZE_IN_NAME = /-(\d{1,5})x(\d{1,5})\.[a-z]{3,4}$/;

export interface ImageSize {
  width: number;
  height: number;
}

/** The file name of a chat upload: its id, its size and its extension. */
export function chatImageFileName(id: string, size: ImageSize, extension: string): string {
  return `${id}-${Math.round(size.width)}x${Math.round(size.height)}.${extension}`;
}

/** The size a chat picture's address carries, or null (an older upload, or anything else). */
export function imageSizeFromUrl(url: string): ImageSize | null {
  // Capped before the pattern runs (STYLE: strings are length-capped before any regex).
  const path = url.slice(0, 400).split("?")[0] ?? "";
  const match = SIZE_IN_NAME.exec(path);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return null;
  return { width, height };
}

/** The box a picture is shown in: its own size, scaled down to fit `maxWidth` × `maxHeight`. */
export function fitImageSize(size: ImageSize, maxWidth: number, maxHeight: number): ImageSize {
  const scale = Math.min(1, maxWidth / size.width, maxHeight / size.height);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}
