// A real 8-player game started through the room and game services (S-START-1), for deadline
// tests. Relative, extensionless imports: the Deno test of the edge function (sloppy imports)
// uses this file too.
import type { Claims, Db } from "../../lib/db/types";
import { startGame } from "../../lib/server/games/start-game";
import { setReady } from "../../lib/server/rooms/member-state";
import { createRoom, joinRoom } from "../../lib/server/rooms/membership";

export interface StartedGame {
  code: string;
  gameId: string;
  players: Claims[];
}

export interface GameRowFacts {
  phase: string;
  day: number;
  version: number;
  deadline: number | null;
}

const player = (i: number): Claims => ({
  sub: crypto.randomUUID(),
  role: "authenticated",
  is_anonymous: true,
  user_metadata: { display_name: `Player ${i + 1}` },
});

export async function startEightPlayerGame(db: Db, now = Date.now()): Promise<StartedGame> {
  const players = Array.from({ length: 8 }, (_, i) => player(i));
  const code = await createRoom(db, players[0], {});
  for (const p of players.slice(1)) await joinRoom(db, p, code, {});
  for (const p of players) await setReady(db, p, code, true);
  const gameId = await startGame(db, players[0], code, now);
  return { code, gameId, players };
}

export async function gameFacts(db: Db, gameId: string): Promise<GameRowFacts> {
  const [row] = await db.tx((tx) =>
    tx.query<{ phase: string; day: number; version: number; deadline: number | string | null }>(
      `select phase, day, version, (extract(epoch from deadline) * 1000)::float8 as deadline
         from public.games where id = $1`,
      [gameId],
    ),
  );
  return { ...row, deadline: row.deadline === null ? null : Number(row.deadline) };
}
