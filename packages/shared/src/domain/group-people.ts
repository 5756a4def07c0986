import type { GroupOnlineUser, GroupPeopleCounts, GroupPeopleDelta } from "../events/group-chat";

/**
 * The group room's people list order, the same on the server (which pages it) and in the browser (which
 * applies deltas to the page it shows): online before away, then by name (case folded, plain code-unit
 * order, so every engine agrees), then by id.
 */
export function compareGroupPeople(a: GroupOnlineUser, b: GroupOnlineUser): number {
  if (a.status !== b.status) return a.status === "online" ? -1 : 1;
  const left = a.username.toLowerCase();
  const right = b.username.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  if (a.username !== b.username) return a.username < b.username ? -1 : 1;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

/** Everyone in the room: online plus away. */
export function groupPeopleTotal(counts: GroupPeopleCounts): number {
  return counts.online + counts.away;
}

/**
 * A `group_people` delta over the page a client shows: removals out, upserts in (replacing by id), in
 * list order, cut to the page's length.
 */
export function applyGroupPeopleDelta(
  shown: readonly GroupOnlineUser[],
  delta: Pick<GroupPeopleDelta, "upserts" | "removals">,
  limit: number,
): GroupOnlineUser[] {
  const replaced = new Set([...delta.removals, ...delta.upserts.map((user) => user.userId)]);
  return shown
    .filter((user) => !replaced.has(user.userId))
    .concat(delta.upserts)
    .sort(compareGroupPeople)
    .slice(0, limit);
}
