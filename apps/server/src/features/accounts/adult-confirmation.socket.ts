import { confirmAdultSchema } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import { withAck } from "../../realtime/acks";
import type { HeartlineSocket } from "../../realtime/types";
import { emitSession } from "./socket-identity";

export interface AdultConfirmationOptions {
  authSecret: string;
  log: FastifyBaseLogger;
}

/**
 * `confirm_adult` (issue 14): "I am 18 or older and accept the Terms and Guidelines". The socket
 * may then join the random chat; a visitor gets a new `session` whose signed token records the
 * confirmation, so the browser is asked once. Signed-in sockets are confirmed from the handshake.
 */
export function registerAdultConfirmationHandler(socket: HeartlineSocket, options: AdultConfirmationOptions) {
  const onConfirm = withAck(
    { log: options.log, context: { userId: socket.data.userId }, failure: "confirm_adult failed" },
    async (payload) => {
      confirmAdultSchema.parse(payload);
      if (socket.data.isAdultConfirmed === true) return;
      socket.data.isAdultConfirmed = true;
      emitSession(socket, options.authSecret);
    },
  );
  const onDisconnect = () => {
    socket.off("confirm_adult", onConfirm);
    socket.off("disconnect", onDisconnect);
  };
  socket.on("confirm_adult", onConfirm);
  socket.on("disconnect", onDisconnect);
}
