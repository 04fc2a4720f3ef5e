// Games with stored action replies (0009), for the retention tests (0046).
import type { Db } from "@/lib/db/types";
import { seedWorld } from "./seed-world";

/** A game (ended `endedHoursAgo` ago, or running when null) with `replies` stored replies. */
export async function gameWithReplies(db: Db, endedHoursAgo: number | null, replies: number): Promise<string> {
  const world = await seedWorld(db, { ended: endedHoursAgo !== null });
  await db.tx(async (tx) => {
    await tx.query("delete from action_requests where game_id = $1", [world.gameId]); // seedWorld's own
    if (endedHoursAgo !== null) {
      await tx.query("update games set ended_at = now() - make_interval(hours => $2) where id = $1", [world.gameId, endedHoursAgo]);
    }
    for (let i = 0; i < replies; i++) {
      await tx.query("insert into action_requests (game_id, user_id, idempotency_key, response) values ($1, $2, $3, $4)", [
        world.gameId,
        world.seats[i % world.seats.length].id,
        `k${i}`,
        { status: 200, body: { ok: true } },
      ]);
    }
  });
  return world.gameId;
}

export const repliesOf = async (db: Db, gameId: string) =>
  Number((await db.tx((tx) => tx.query<{ n: number }>("select count(*)::int as n from action_requests where game_id = $1", [gameId])))[0].n);

