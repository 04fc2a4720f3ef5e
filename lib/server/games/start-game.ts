// S-START-1 / S-START-2: the host starts a game, planned from the room as read and written with
// the room's change as one script that first checks nothing changed the room since
// (`mutateRoomOptimistic`): a refused start writes nothing and a started game is complete.
import type { Claims, Db } from "../../db/types";
import { AppError } from "../app-error";
import { engineError } from "../engine-error";
import { mutateRoomOptimistic } from "../rooms/mutate";
import { readSettings } from "../rooms/settings";
import { configFor, modeOf } from "./mode";
import { saveStepStatement, seatsStatements } from "./persist";
import { inlineParams } from "../../db/driver";
import { seatOrder } from "../../game/core/seat-order";

/** 32-bit seed from the platform CSPRNG (Web Crypto: Node and Deno alike). */
const cryptoSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

export async function startGame(db: Db, claims: Claims, code: string, now = Date.now()): Promise<string> {
  return mutateRoomOptimistic(
    db,
    claims,
    code,
    ({ room, members }) => {
      const settings = readSettings(room.settings);
      const mode = modeOf(settings.mode);
      const config = configFor(mode, settings);
      // Seats in an order drawn from the game's seed, not in join order (issue 21: seat 0 was the host's).
      const seed = cryptoSeed();
      const players = seatOrder(
        members.map((m) => m.user_id),
        seed,
      );
      const can = mode.canStart(config, players);
      if (!can.ok) throw can.error.code === "BAD_CONFIG" ? new AppError(409, "BAD_CONFIG", can.error.message) : engineError(can.error);
      const notReady = members.filter((m) => !m.ready);
      if (notReady.length > 0) {
        throw new AppError(409, "NOT_ALL_READY", `Waiting for ${notReady.length} player(s) to be ready.`);
      }
      const setup = mode.setup(config, players, { now, seed });
      if (!setup.ok) throw engineError(setup.error);
      const { state, events } = setup.value;
      const status = mode.status(state);
      // The game's id is drawn here, so that its rows and the room's change are one script.
      const gameId = crypto.randomUUID();
      const statements = [
        inlineParams(
          `insert into games (id, room_id, mode, config, phase, day, deadline, ended, winner, version)
           values ($1, $2, $3, $4::text::jsonb, $5, $6, timestamptz 'epoch' + $7::bigint * interval '1 millisecond', $8, $9, 1)`,
          [gameId, room.id, mode.id, JSON.stringify(config), status.phase, status.day, status.deadline, status.ended, status.winner],
        ),
        inlineParams("insert into game_states (game_id, state) values ($1, $2::text::json)", [gameId, JSON.stringify(state)]),
        ...seatsStatements(gameId, mode.seats(state)),
        saveStepStatement(gameId, state, { events, day: status.day }),
        inlineParams("update rooms set status = 'playing', game_id = $2 where id = $1", [room.id, gameId]),
      ];
      return { statements, out: gameId };
    },
    { host: true, lobby: true },
  );
}
