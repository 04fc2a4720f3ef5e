// The game row every write locks (in a transaction, or first thing in a checked script), and its
// public status as the database stores it.
import type { GameStatus } from "../../game/core/types";
import { AppError } from "../app-error";

export interface GameRow {
  id: string;
  room_id: string;
  mode: string;
  phase: string;
  day: number;
  deadline: Date | string | null;
  ended: boolean;
  winner: string | null;
}

export const gameNotFound = () => new AppError(404, "GAME_NOT_FOUND", "No such game, or you are not in it.");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isUuid = (s: string) => UUID.test(s);

export const gameColumns = "id, room_id, mode, phase, day, deadline, ended, winner";

/** `gameColumns` qualified by a table alias, for joins. */
export const gameColumnsOf = (alias: string): string => gameColumns.split(", ").map((c) => `${alias}.${c}`).join(", ");

export const toMs = (t: Date | string | null): number | null => (t === null ? null : new Date(t).getTime());

export const rowStatus = (g: GameRow): GameStatus => ({
  phase: g.phase,
  day: g.day,
  deadline: toMs(g.deadline),
  ended: g.ended,
  winner: g.winner,
});

/** `select ... for update`: every write to a game is serialized on its row. */
export const LOCK_GAME = `select ${gameColumns} from games where id = $1 for update`;
