// Ground truth, read as the database owner from the stopped server's PGlite data folder: every
// event with its audience and writing transaction, every role, every seat. Nothing a player sent
// or received goes into it.
import { createPgliteDb } from "@/lib/db/pglite";
import type { Db } from "@/lib/db/types";
import type { DbEvent, Truth } from "./wire-audit";

export interface GroundTruth extends Truth {
  gameId: string;
  alive: Record<string, boolean>;
  winner: string | null;
  ended: boolean;
  config: { timeScale?: number };
}

/** Opens the stopped server's PGlite folder (one process at a time) and reads the truth. */
export async function readPgliteTruth(dataDir: string, gameId: string): Promise<GroundTruth> {
  const db = await createPgliteDb(dataDir);
  try {
    return await readTruth(db, gameId);
  } finally {
    await db.close();
  }
}

export function readTruth(db: Db, gameId: string): Promise<GroundTruth> {
  return db.tx(async (tx) => {
    const [game] = await tx.query<{ room_id: string; winner: string | null; ended: boolean; config: { timeScale?: number } }>(
      "select room_id, winner, ended, config from games where id = $1",
      [gameId],
    );
    const seats = await tx.query<{ user_id: string; alive: boolean }>(
      "select user_id, alive from game_players where game_id = $1 order by seat",
      [gameId],
    );
    const roles = await tx.query<{ user_id: string; role: string; teams: string[] }>("select user_id, role, teams from game_roles where game_id = $1", [gameId]);
    const events = await tx.query<DbEvent>(
      // xmin (the inserting transaction's id) names the transaction exactly; created_at, its start
      // time, is shared by two transactions that start in the same microsecond, which happened once.
      `select id, audience, type, day, payload, audience_seq as seq, xmin::text as tx,
              (extract(epoch from created_at) * 1000)::float8 as at
         from game_events where game_id = $1 order by id`,
      [gameId],
    );
    const end = events.find((e) => e.type === "game_end");
    return {
      gameId,
      roomId: game.room_id,
      players: seats.map((s) => s.user_id),
      alive: Object.fromEntries(seats.map((s) => [s.user_id, s.alive])),
      roles: Object.fromEntries(roles.map((r) => [r.user_id, r.role])),
      teams: Object.fromEntries(roles.map((r) => [r.user_id, r.teams])),
      events,
      endedAt: end ? end.at : Infinity,
      winner: game.winner,
      ended: game.ended,
      config: game.config,
    };
  });
}
