import { compareGroupPeople, type GroupOnlineUser, type GroupPeopleCounts } from "@heartline/shared";

/** Whether two entries show the same thing (an unchanged entry keeps its object, so pages compare by identity). */
function isSameEntry(a: GroupOnlineUser, b: GroupOnlineUser): boolean {
  return (
    a.username === b.username &&
    a.status === b.status &&
    a.gender === b.gender &&
    a.profileImage === b.profileImage &&
    a.isGuest === b.isGuest &&
    a.badge?.days === b.badge?.days &&
    "badge" in a === "badge" in b
  );
}

/**
 * The group room's people, kept sorted (`compareGroupPeople`) so a page is a slice: a join or a leave is
 * a binary search and one splice, never a sort of the room. `version` moves on every real change.
 */
export class GroupPeopleList {
  private readonly sorted: GroupOnlineUser[] = [];
  private readonly byUser = new Map<string, GroupOnlineUser>();
  private onlineCount = 0;
  private pages = new Map<string, GroupOnlineUser[]>();
  private pagesVersion = 0;
  version = 0;

  get size(): number {
    return this.sorted.length;
  }

  /** Puts `entry` in (replacing the user's entry), or takes the user out when `entry` is null. */
  set(userId: string, entry: GroupOnlineUser | null): void {
    const known = this.byUser.get(userId);
    if (known && entry && isSameEntry(known, entry)) return;
    if (!known && !entry) return;
    if (known) {
      this.sorted.splice(this.indexOf(known), 1);
      this.byUser.delete(userId);
      if (known.status === "online") this.onlineCount -= 1;
    }
    if (entry) {
      this.sorted.splice(this.insertionPoint(entry), 0, entry);
      this.byUser.set(userId, entry);
      if (entry.status === "online") this.onlineCount += 1;
    }
    this.version += 1;
  }

  counts(): GroupPeopleCounts {
    return { online: this.onlineCount, away: this.sorted.length - this.onlineCount };
  }

  /**
   * `limit` people from `offset`. One array per page and version: everyone shown the same page holds the
   * same array, which is what lets a change be worked out once per page, not once per socket.
   */
  page(offset: number, limit: number): GroupOnlineUser[] {
    if (this.pagesVersion !== this.version) {
      this.pages = new Map();
      this.pagesVersion = this.version;
    }
    const key = `${offset}:${limit}`;
    let page = this.pages.get(key);
    if (!page) {
      page = this.sorted.slice(offset, offset + limit);
      this.pages.set(key, page);
    }
    return page;
  }

  private insertionPoint(entry: GroupOnlineUser): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareGroupPeople(this.sorted[middle] as GroupOnlineUser, entry) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private indexOf(entry: GroupOnlineUser): number {
    // Entries are unique by user, and the comparator ends on the user id: the insertion point is it.
    return this.insertionPoint(entry);
  }
}

/** What changed between two pages of the list: null when nothing did. */
export function pageDelta(
  shown: readonly GroupOnlineUser[],
  next: readonly GroupOnlineUser[],
): { upserts: GroupOnlineUser[]; removals: string[] } | null {
  if (shown === next) return null;
  const before = new Map(shown.map((user) => [user.userId, user]));
  const upserts = next.filter((user) => before.get(user.userId) !== user);
  const kept = new Set(next.map((user) => user.userId));
  const removals = shown.filter((user) => !kept.has(user.userId)).map((user) => user.userId);
  return upserts.length === 0 && removals.length === 0 ? null : { upserts, removals };
}
