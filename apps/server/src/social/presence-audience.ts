import { sql } from "drizzle-orm";
import type { Database } from "../db/create-database";
import { rowsOf } from "../db/rows";

/**
 * Who may watch `userId`'s presence (issue #38): their accepted friends and their DM partners, less
 * anyone either side blocked. Presence pushes go to these people only, so a stranger cannot learn
 * from pushes when someone comes and goes. One statement on the pair indexes.
 */
export async function presenceAudience(db: Database, userId: string): Promise<string[]> {
  const result = await db.execute(sql`
    select id from (
      select case when sender_id = ${userId} then receiver_id else sender_id end as id
        from friend_requests
        where status = 'accepted' and (sender_id = ${userId} or receiver_id = ${userId})
      union
      select user_b as id from conversations where user_a = ${userId}
      union
      select user_a as id from conversations where user_b = ${userId}
    ) people
    where not exists (
      select 1 from user_blocks
        where (blocker_id = ${userId} and blocked_id = people.id)
           or (blocker_id = people.id and blocked_id = ${userId})
    )`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}
