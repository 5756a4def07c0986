import type { FastifyRequest } from "fastify";
import { deviceIdFromCookie } from "../../plugins/device-id";
import { sessionOf } from "../accounts/index";
import { requireGroupMember } from "../group-chat/index";
import type { ConfessionsDeps } from "./confessions-deps";

/**
 * The wall's guard, the group chat's (spec §2, §5; issue #13): a signed-in guest or verified user whose
 * account and browser are not banned, read fresh for every request. A visitor is 401, the unverified
 * and the banned 403 with the group's texts. Runs `onRequest`: a refused caller learns nothing else.
 */
export function wallGuard(deps: Pick<ConfessionsDeps, "db" | "guards" | "moderation">) {
  return [
    deps.guards.requireUser(),
    async (request: FastifyRequest) => {
      await requireGroupMember({
        deps,
        userId: sessionOf(request).user.id,
        deviceId: deviceIdFromCookie(request.headers.cookie),
      });
    },
  ];
}
