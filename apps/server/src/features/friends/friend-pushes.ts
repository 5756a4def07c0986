import type { FriendRequestUpdatedPayload } from "@heartline/shared";
import { userRoom } from "../../realtime/rooms";
import type { UserRow } from "../accounts/index";
import { type FriendRequestRow, toRequestView } from "./friend-store";
import type { FriendsDeps } from "./friends-deps";

/** A new pending request, to every tab of both people on every node (receiver incoming, sender outgoing). */
export function pushNewRequest(
  deps: Pick<FriendsDeps, "io" | "notify">,
  row: FriendRequestRow,
  people: { sender: UserRow; receiver: UserRow },
): void {
  deps.io
    .to(userRoom(row.receiverId))
    .emit("friend_request", toRequestView(row, row.receiverId, people.sender));
  deps.io
    .to(userRoom(row.senderId))
    .emit("friend_request", toRequestView(row, row.senderId, people.receiver));
  deps.notify?.({
    kind: "friend_request",
    recipientId: row.receiverId,
    actorId: row.senderId,
    requestId: row.id,
  });
}

/** A request or friendship changed: both people hear it, each with the other's id. */
export function pushRequestUpdated(
  deps: Pick<FriendsDeps, "io" | "notify">,
  row: Pick<FriendRequestRow, "id" | "senderId" | "receiverId">,
  status: FriendRequestUpdatedPayload["status"],
): void {
  deps.io
    .to(userRoom(row.senderId))
    .emit("friend_request_updated", { id: row.id, status, userId: row.receiverId });
  deps.io
    .to(userRoom(row.receiverId))
    .emit("friend_request_updated", { id: row.id, status, userId: row.senderId });
  if (status === "accepted") {
    deps.notify?.({
      kind: "friend_accepted",
      recipientId: row.senderId,
      actorId: row.receiverId,
      requestId: row.id,
    });
  }
}
