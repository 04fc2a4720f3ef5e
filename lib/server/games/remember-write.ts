// What a write just saved, kept for the next action's one-round-trip path (game-cache.ts): the
// game's public row as the step left it, its stored state (with the `rev` the write moved it to), and the host.
import type { Db } from "../../db/types";
import { rememberGame } from "./game-cache";
import { modeOf } from "./mode";
import type { GameRow } from "./rows";
import { storedAfter, type StoredState } from "./stored-state";

const rowOf = ({ id, room_id, mode, phase, day, deadline, ended, winner }: GameRow): GameRow => ({ id, room_id, mode, phase, day, deadline, ended, winner });

/** After a write of `state` over `from` (the stored state the step started from, `stepWrites`' `stored`). */
export function rememberWrite(db: Db, game: GameRow, from: StoredState, state: unknown, hostId: string | null): void {
  const status = modeOf(game.mode).status(state);
  const row: GameRow = { ...rowOf(game), ...status, deadline: status.deadline === null ? null : new Date(status.deadline) };
  rememberGame(db, game.id, { row, stored: storedAfter(from, state, status.ended), hostId });
}
