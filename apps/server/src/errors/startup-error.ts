/**
 * A failure an operator can fix from its message alone (bad configuration, a locked data directory,
 * a busy port). `main.ts` prints only the message for these, never a stack trace.
 */
export class StartupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StartupError";
  }
}
