import { confirmAdultSchema } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import { withAck } from "../../realtime/acks";
import { type SocketListenerSet, socketListenerSet } from "../../realtime/socket-listeners";
import { emitSession } from "./socket-identity";

export interface AdultConfirmationOptions {
  authSecret: string;
  log: FastifyBaseLogger;
}

/**
 * `confirm_adult` (issue 14): "I am 18 or older and accept the Terms and Guidelines". The socket
 * may then join the random chat; a visitor gets a new `session` whose signed token records the
 * confirmation, so the browser is asked once. Signed-in sockets are confirmed from the handshake.
 * One listener for every socket (`socket-listeners.ts`).
 */
export function adultConfirmationListeners(options: AdultConfirmationOptions): SocketListenerSet {
  const onConfirm = withAck(
    { log: options.log, failure: "confirm_adult failed" },
    async (socket, payload) => {
      confirmAdultSchema.parse(payload);
      if (socket.data.isAdultConfirmed === true) return;
      socket.data.isAdultConfirmed = true;
      emitSession(socket, options.authSecret);
    },
  );
  return socketListenerSet({ confirm_adult: onConfirm });
}
