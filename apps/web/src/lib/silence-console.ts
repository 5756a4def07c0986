const SILENCED_METHODS = ["log", "info", "debug", "warn", "error"] as const;

/**
 * spec §2 Console output is silenced in production builds: the five output methods become no-ops.
 * Takes the console to silence so tests can pass their own object instead of the global one.
 */
export function silenceConsole(target: Pick<Console, (typeof SILENCED_METHODS)[number]> = console): void {
  const noop = () => undefined;
  for (const method of SILENCED_METHODS) target[method] = noop;
}
