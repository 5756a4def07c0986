import { GROUP_CHAT_SOCKET_POLICY } from "@heartline/shared";
import type { AppSocket } from "../../../lib/socket";

/** The reconnection settings a socket manager exposes (socket.io's Manager setters). */
type PolicyManager = Pick<
  AppSocket["io"],
  "reconnectionAttempts" | "reconnectionDelay" | "reconnectionDelayMax" | "randomizationFactor" | "timeout"
>;

/**
 * spec §9 Group-chat socket: 5 reconnection attempts, delay 1–10 s, randomization 0.5, timeout 20 s
 * (the ping every 20 s is the app socket's own). The tab has one connection, so the group chat
 * switches its manager to this policy while open and gives the random-chat policy back on leaving.
 * Returns the function that restores it.
 */
export function applyGroupSocketPolicy(manager: PolicyManager): () => void {
  const previous = {
    attempts: manager.reconnectionAttempts(),
    delay: manager.reconnectionDelay(),
    delayMax: manager.reconnectionDelayMax(),
    randomization: manager.randomizationFactor(),
    timeout: manager.timeout(),
  };
  manager.reconnectionAttempts(GROUP_CHAT_SOCKET_POLICY.reconnectionAttempts);
  manager.reconnectionDelay(GROUP_CHAT_SOCKET_POLICY.reconnectionDelayMs);
  manager.reconnectionDelayMax(GROUP_CHAT_SOCKET_POLICY.reconnectionDelayMaxMs);
  manager.randomizationFactor(GROUP_CHAT_SOCKET_POLICY.randomizationFactor);
  manager.timeout(GROUP_CHAT_SOCKET_POLICY.timeoutMs);
  return () => {
    manager.reconnectionAttempts(previous.attempts);
    manager.reconnectionDelay(previous.delay);
    manager.reconnectionDelayMax(previous.delayMax);
    manager.randomizationFactor(previous.randomization);
    manager.timeout(previous.timeout);
  };
}
