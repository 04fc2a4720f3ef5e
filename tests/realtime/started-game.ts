// A real 8-player game started through the room and game services (S-START-1), for deadline
// tests. Relative, extensionless imports: the Deno test of the edge function (sloppy imports)
// uses this file too.
import type { Claims, Db } from "../../lib/db/types";
import { startGame } from "../../lib/server/games/start-game";
import { setReady } from "../../lib/server/rooms/member-state";
import { createRoom, joinRoom } from "../../lib/server/rooms/membership";
import { updateSettings } from "../../lib/server/rooms/room-admin";
import { act } from "../../lib/server/games/act";
import { advanceDue } from "../../lib/server/advance-due";

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

export async function startEightPlayerGame(db: Db, now = Date.now(), mode = "werewolf"): Promise<StartedGame> {
  const players = Array.from({ length: 8 }, (_, i) => player(i));
  const code = await createRoom(db, players[0], {});
  for (const p of players.slice(1)) await joinRoom(db, p, code, {});
  if (mode !== "werewolf") await updateSettings(db, players[0], code, { mode });
  for (const p of players) await setReady(db, p, code, true);
  const gameId = await startGame(db, players[0], code, now);
  return { code, gameId, players };
}

/**
 * An 8-player Catch-the-Witch game in the witches' 15 s (the time limit is off): everyone ready,
 * every non-witch at the forest (a Guard picks too), the Guard's fixed 20 s run out.
 */
export async function startWitchStep(db: Db): Promise<StartedGame> {
  const game = await startEightPlayerGame(db, Date.now(), "witch-hunt");
  const roles = await db.tx((tx) => tx.query<{ user_id: string; role: string }>("select user_id, role from game_roles where game_id = $1", [game.gameId]));
  const witch = new Set(roles.filter((r) => r.role === "witch").map((r) => r.user_id));
  let key = 0;
  const play = (p: Claims, action: { type: string }) => act(db, p, game.gameId, { action, idempotencyKey: `w${++key}` });
  for (const p of game.players) await play(p, { type: "ready" });
  for (const p of game.players) if (!witch.has(p.sub)) await play(p, { type: "pick", location: "forest" } as { type: string });
  const guardStep = await gameFacts(db, game.gameId);
  if (guardStep.phase !== "day.guard" || guardStep.deadline === null) throw new Error(`expected the Guard's step, got ${guardStep.phase}`);
  await advanceDue(db, guardStep.deadline, { gameId: game.gameId });
  return game;
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
