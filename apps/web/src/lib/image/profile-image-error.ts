/** A failure whose message is already the text to show the user (spec §5, §8). */
export class ProfileImageError extends Error {
  /** The server's error code when the server refused it (e.g. AutoMod's `automod_blocked`). */
  readonly code: string | null;

  constructor(message: string, code: string | null = null) {
    super(message);
    this.name = "ProfileImageError";
    this.code = code;
  }
}
