import { z } from "zod";
import { userIdSchema } from "./account";
import { boundedString } from "./bounded-string";

/**
 * Issue #33: a direct-message image is served to the pair only, at the address its message shows
 * (`/uploads/users/{ownerId}/dm/{file}`, the uploader's own folder). Refusals name a reason.
 */
export const DM_IMAGE_MESSAGES = {
  /** Anyone not in the pair, signed out included: the same answer as for a file that is not there. */
  notFound: "No such file.",
  /** The receiver asked for an explicit image's original without the setting that allows it. */
  revealNeedsSetting:
    "Turn on “Show sensitive images in direct messages” in Settings to see this image unblurred.",
} as const;

/** The file names the server gives DM images: a uuid, its size (issue #38; older ones have none), `.jpg` or `.gif`. */
export const DM_IMAGE_FILE_PATTERN = /^[0-9a-f-]{36}(?:-\d{1,5}x\d{1,5})?\.(?:jpg|gif)$/;

export const dmImageParamsSchema = z.object({
  ownerId: userIdSchema,
  file: boundedString(64).regex(DM_IMAGE_FILE_PATTERN, DM_IMAGE_MESSAGES.notFound),
});

/** `?reveal=1`: the original of an image AutoMod blurred, asked for by the receiver. */
export const dmImageQuerySchema = z.object({ reveal: z.literal("1").optional() });
export type DmImageQuery = z.infer<typeof dmImageQuerySchema>;

/** The address of a blurred DM image's original (the web's "Show image" loads it). */
export function revealedDmImageUrl(url: string): string {
  return `${url}?reveal=1`;
}
