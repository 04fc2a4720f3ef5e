// Row shapes and the locked loads every room mutation starts with.
import type { Tx } from "../../db/types";
import { AppError } from "../app-error";
import { inlineParams, scriptOf } from "../../db/driver";

export interface RoomRow {
  id: string;
  code: string;
  host_id: string;
  settings: unknown;
  status: "lobby" | "playing";
  game_id: string | null;
  version: number;
}

export interface MemberRow {
  user_id: string;
  display_name: string;
  appearance: string;
  ready: boolean;
  is_bot: boolean;
  joined_at: string | Date;
}

/** The tables a user has at most one row in per room or game, and the column naming which. */
const USER_ROWS = { room_bans: "room_id", game_players: "game_id" } as const;

/** Whether `userId` has a row in `table` for the room or game `id`: a ban, a seat. */
export async function hasUserRow(tx: Tx, table: keyof typeof USER_ROWS, id: string | null, userId: string): Promise<boolean> {
  const rows = await tx.query(`select 1 from ${table} where ${USER_ROWS[table]} = $1 and user_id = $2`, [id, userId]);
  return rows.length > 0;
}

export const roomNotFound = () => new AppError(404, "ROOM_NOT_FOUND", "No room has this code.");

const roomColumns = "id, code, host_id, settings, status, game_id, version";
const memberColumns = "user_id, display_name, appearance, ready, is_bot, joined_at";

const MEMBERS_IN_ORDER = "order by joined_at, user_id";

/** The id of the room whose code is parameter $1, for a statement's text. */
export const ROOM_OF_CODE = "(select id from rooms where code = $1)";

/** The members, in join order, of the room whose id or code is `value`. */
export const membersStatement = (by: "code" | "id", value: string) =>
  inlineParams(`select ${memberColumns} from room_members where room_id = (select id from rooms where ${by} = $1) ${MEMBERS_IN_ORDER}`, [value]);

/**
 * The room row locked for update (every room mutation is serialized per room) and its members in
 * join order, as one script: every lobby mutation begins with both, and on PGlite each round trip
 * holds its one transaction slot (docs/performance.md). `room` is undefined when no room matches.
 * `check`, a statement that raises when the caller may not go on, runs first in the same script.
 * Outside a transaction (`mutateRoomOptimistic`'s read) the lock lasts as long as the script.
 */
export async function lockRoomWithMembers(tx: Pick<Tx, "exec">, by: "code" | "id", value: string, check = ""): Promise<{ room: RoomRow | undefined; members: MemberRow[] }> {
  const results = await tx.exec(
    scriptOf([
      check,
      inlineParams(`select ${roomColumns} from rooms where ${by} = $1 for update`, [value]),
      membersStatement(by, value),
    ]),
  );
  const [rooms, members] = results.slice(check === "" ? 0 : 1);
  return { room: rooms[0] as unknown as RoomRow | undefined, members: members as unknown as MemberRow[] };
}

export async function gameEnded(tx: Tx, gameId: string | null): Promise<boolean> {
  if (!gameId) return false;
  const [g] = await tx.query<{ ended: boolean }>("select ended from games where id = $1", [gameId]);
  return g?.ended ?? false;
}
