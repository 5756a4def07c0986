/** A failure whose message is already the text to show the user (spec §5, §8). */
export class ProfileImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProfileImageError";
  }
}
