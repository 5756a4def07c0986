import { CLIENT_EVENT_NAMES } from "@heartline/shared";
import fc from "fast-check";

/**
 * Event names a client may send that the contract does not have (issue #33: `__proto__` ended the
 * process). Socket.IO's parser takes any string or number as an event name except its reserved ones.
 */

/** Reserved by Socket.IO: its client refuses to emit them, its server's parser refuses the packet. */
export const RESERVED_EVENT_NAMES = [
  "connect",
  "connect_error",
  "disconnect",
  "disconnecting",
  "newListener",
  "removeListener",
] as const;

/** Every property name of Object.prototype: a lookup on a plain object finds each one. */
export const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

const isReal = (name: string): boolean =>
  (CLIENT_EVENT_NAMES as readonly string[]).includes(name) ||
  (RESERVED_EVENT_NAMES as readonly string[]).includes(name);

/** A real event's name as a careless lookup might still match it: another case, spaces, invisible marks. */
const LOOKALIKES = CLIENT_EVENT_NAMES.flatMap((name) => [
  name.toUpperCase(),
  `${name.charAt(0).toUpperCase()}${name.slice(1)}`,
  ` ${name}`,
  `${name} `,
  `${name}\u0000`,
  `${name}\u200B`,
]).filter((name) => !isReal(name));

export const ODD_EVENT_NAMES: readonly (string | number)[] = [
  ...PROTOTYPE_NAMES,
  "prototype",
  "__proto__ ",
  "__PROTO__",
  "",
  " ",
  "\u0000",
  "x".repeat(20_000),
  "💥",
  "名前",
  "\u202Eevil",
  "\uD800",
  // Names the server emits, or an emitter listens to, but no client event is.
  "error",
  "connection",
  "message",
  "session",
  ...LOOKALIKES,
  0,
  1,
  -1,
  42,
  1.5,
  Number.MAX_SAFE_INTEGER,
];

/** Any name the server has no event for: the list above, random text, random numbers. */
export const oddEventName: fc.Arbitrary<string | number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_EVENT_NAMES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).filter((name) => !isReal(name)) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }).filter((name) => !isReal(name)) },
  // JSON has no NaN or Infinity: those would arrive as `null`, which the parser refuses.
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })) },
);
