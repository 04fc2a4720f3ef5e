// A room with a running game, written straight into the tables as the owner (the same rows the
// room and game services write), so realtime authorization is tested against the real policies
// without depending on the engine's random deal.
import { randomUUID } from "node:crypto";
import type { Claims, Db } from "@/lib/db/types";

export interface Seat {
  id: string;
  name: string;
  teams: string[];
  alive?: boolean;
}

export interface RoomFixture {
  roomId: string;
  gameId: string;
  seats: Seat[];
  claims(id: string): Claims;
}

export const claimsOf = (sub: string): Claims => ({
  sub,
  role: "authenticated",
  is_anonymous: true,
  user_metadata: { display_name: sub.slice(0, 8) },
});

export async function seedRoomWithGame(db: Db, seats: Omit<Seat, "id">[]): Promise<RoomFixture> {
  const roomId = randomUUID();
  const gameId = randomUUID();
  const withIds: Seat[] = seats.map((s) => ({ ...s, id: randomUUID() }));
  await db.tx(async (tx) => {
    await tx.query(`insert into public.rooms (id, code, host_id, status) values ($1, $2, $3, 'playing')`, [
      roomId,
      roomId.slice(0, 6).toUpperCase(),
      withIds[0].id,
    ]);
    await tx.query(`insert into public.games (id, room_id, mode, phase, day) values ($1, $2, 'werewolf', 'night.main', 1)`, [
      gameId,
      roomId,
    ]);
    await tx.query(`update public.rooms set game_id = $1 where id = $2`, [gameId, roomId]);
    for (const [seat, s] of withIds.entries()) {
      await tx.query(`insert into public.room_members (room_id, user_id, display_name) values ($1, $2, $3)`, [
        roomId,
        s.id,
        s.name,
      ]);
      await tx.query(`insert into public.game_players (game_id, user_id, seat, alive) values ($1, $2, $3, $4)`, [
        gameId,
        s.id,
        seat,
        s.alive ?? true,
      ]);
      await tx.query(`insert into public.game_roles (game_id, user_id, role, teams) values ($1, $2, $3, $4)`, [
        gameId,
        s.id,
        s.teams.includes("wolves") ? "wolf" : "villager",
        s.teams,
      ]);
    }
  });
  return { roomId, gameId, seats: withIds, claims: claimsOf };
}
