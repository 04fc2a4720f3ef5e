// POST /api/rooms/:code/end-game — the host ends the running game with no winner (issue 22 item
// 7). One transaction: the room row locked (host and status checked), then the game row, so it is
// serialized with every other write to either; an action judged optimistically before it finds the
// state's `rev` moved on and is judged again, against the ended game (GAME_ENDED).
import type { Claims, Db } from "../../db/types";
import { AppError } from "../app-error";
import { engineError } from "../engine-error";
import { mutateRoom } from "../rooms/mutate";
import { catchUp } from "./catch-up";
import { modeOf } from "./mode";
import { runStatements, seatsKey, stepWrites } from "./persist";
import { LOCK_GAME, type GameRow } from "./rows";
import { STORED_STATE_OF, storedState, type StoredStateRow } from "./stored-state";

const notRunning = () => new AppError(409, "GAME_NOT_RUNNING", "No game is running in this room.");

export const endGameByHost = (db: Db, claims: Claims, code: string, now = Date.now()) =>
  mutateRoom(
    db,
    claims,
    code,
    async ({ tx, room }) => {
      if (room.status !== "playing" || !room.game_id) throw notRunning();
      const [game] = await tx.query<GameRow>(LOCK_GAME, [room.game_id]);
      if (!game || game.ended) throw notRunning();
      const [row] = await tx.query<StoredStateRow>(STORED_STATE_OF, [game.id]);
      const mode = modeOf(game.mode);
      if (!mode.endByHost || !row) throw notRunning();
      const stored = storedState(row);
      const seatsBefore = seatsKey(mode, stored.state);
      // Phases already due are played out first, so the results show what their timers decided.
      const caught = catchUp(mode, stored.state, now);
      const step = mode.endByHost(caught.state, { now, hostId: claims.sub });
      if (!step.ok) throw engineError(step.error);
      const events = [...caught.events, ...step.value.events];
      await runStatements(tx, stepWrites(mode, game, step.value.state, events, { seatsBefore }));
    },
    { host: true },
  );

