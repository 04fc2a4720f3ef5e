// The shape of every lobby mutation: the room locked and the caller checked (app.lock_room_for,
// migration 0042), the write, the room version bumped and `room:<id>` signalled before commit.
// A mutation whose checks are SQL is one script (`mutateRoomScript`); one planned from the room as
// read is a read, then one script (`mutateRoomOptimistic`); the rest are an owner transaction.
import type { Claims, Db, Tx } from "../../db/types";
import { AppError } from "../app-error";
import { raisedAs, sqlState } from "../db-errors";
import { inlineParams, scriptOf } from "../../db/driver";
import { normalizeCode } from "./code";
import { lockRoomWithMembers, roomNotFound, type MemberRow, type RoomRow } from "./rows";

export interface RoomTx {
  tx: Tx;
  room: RoomRow;
  members: MemberRow[];
  /** The caller's membership row, if a member. */
  me: MemberRow | undefined;
  /**
   * Runs the mutation's last writes in the same script as the version's bump and the signal (one
   * round trip fewer); without it, mutateRoom sends those on their own after `fn`.
   */
  finish(statements: readonly string[]): Promise<void>;
}

export const notMember = () => new AppError(403, "NOT_A_MEMBER", "You are not a member of this room.");
export const notHost = () => new AppError(403, "NOT_HOST", "Only the host can do this.");
export const notInLobby = () =>
  new AppError(409, "ROOM_NOT_IN_LOBBY", "This room is not in the lobby (a game is running or over).");
export const nameTaken = () => new AppError(409, "NAME_TAKEN", "This display name is already used in this room.");

/** Who the caller must be: a member, the host, and whether the room must be in its lobby. */
export interface RoomAccess {
  member?: boolean;
  host?: boolean;
  lobby?: boolean;
}

/** app.lock_room_for's refusals, as the errors the API answers with. */
const REFUSALS = new Map<string, () => AppError>([
  ["ROOM_NOT_FOUND", roomNotFound],
  ["NOT_A_MEMBER", notMember],
  ["NOT_HOST", notHost],
  ["ROOM_NOT_IN_LOBBY", notInLobby],
  ["GAME_NOT_ENDED", () => new AppError(409, "GAME_NOT_ENDED", "Play again is possible only after the game has ended.")],
]);

/** A failed mutation's error as the API gives it. */
function refusal(e: unknown): unknown {
  if (sqlState(e) === "P0001") return REFUSALS.get((e as Error).message)?.() ?? e;
  // A concurrent join with the same name loses on the unique index.
  if (sqlState(e) === "23505") return nameTaken();
  return e;
}

/** The statement that locks the room `code` names and checks the caller (raises a refusal). */
const lockStatement = (code: string, claims: Claims, access: RoomAccess) =>
  inlineParams("select app.lock_room_for($1, $2::uuid, $3, $4, $5)", [code, claims.sub, !!access.member, !!access.host, !!access.lobby]);

export async function mutateRoom<T>(db: Db, claims: Claims, code: string, fn: (r: RoomTx) => Promise<T>, access: RoomAccess = {}): Promise<T> {
  const normalized = normalizeCode(code);
  if (!normalized) throw roomNotFound();
  try {
    return await db.tx(async (tx) => {
      const { room, members } = await lockRoomWithMembers(tx, "code", normalized, lockStatement(normalized, claims, access));
      if (!room) throw roomNotFound();
      let touched = false;
      const finish = async (statements: readonly string[]) => {
        touched = true;
        await tx.exec(scriptOf([...statements, ...touchStatements("id", room.id)]));
      };
      const out = await fn({ tx, room, members, me: members.find((m) => m.user_id === claims.sub), finish });
      if (!touched) await touchRoom(tx, room.id);
      return out;
    });
  } catch (e) {
    throw refusal(e);
  }
}

/**
 * A mutation as one script — lock and checks, the writes, the version and the signal — with no
 * transaction held across round trips. `write` is given the room's normalized code, to pass as
 * parameter $1 of texts that name the room as `ROOM_OF_CODE` (rows.ts); its statements may refuse
 * as `app.lock_room_for` does (P0001 with a code of `REFUSALS`).
 */
export async function mutateRoomScript(db: Db, claims: Claims, code: string, write: (code: string) => string | readonly string[], access: RoomAccess): Promise<void> {
  const normalized = normalizeCode(code);
  if (!normalized) throw roomNotFound();
  try {
    await db.exec(scriptOf([lockStatement(normalized, claims, access), ...[write(normalized)].flat(), ...touchStatements("code", normalized)]));
  } catch (e) {
    throw refusal(e);
  }
}

/** What a mutation planned from the room as read writes (`statements`), and answers (`out`). */
export interface RoomPlan<T> {
  statements: readonly string[];
  out: T;
}

const EXPECT_ROOM_VERSION = "select app.expect_room_version($1, $2)";

/**
 * A mutation planned from the room and its members (`plan`, which throws its refusals), in two round
 * trips and no transaction: the caller checked and the room read as one script, then the plan's
 * statements as one script that checks the caller again and that the room's version is still the
 * one read (migration 0044). When another change got in between, the plan is made again under the
 * room lock (`mutateRoom`): once, as an action's write is (games/act.ts).
 */
export async function mutateRoomOptimistic<T>(db: Db, claims: Claims, code: string, plan: (r: { room: RoomRow; members: MemberRow[] }) => RoomPlan<T>, access: RoomAccess): Promise<T> {
  const normalized = normalizeCode(code);
  if (!normalized) throw roomNotFound();
  try {
    const lock = lockStatement(normalized, claims, access);
    const { room, members } = await lockRoomWithMembers(db, "code", normalized, lock);
    if (!room) throw roomNotFound();
    const { statements, out } = plan({ room, members });
    await db.exec(scriptOf([lock, inlineParams(EXPECT_ROOM_VERSION, [normalized, room.version]), ...statements, ...touchStatements("code", normalized)]));
    return out;
  } catch (e) {
    if (!raisedAs(e, "40001", "STALE_ROOM")) throw refusal(e);
  }
  return mutateRoom(
    db,
    claims,
    code,
    async ({ room, members, finish }) => {
      const { statements, out } = plan({ room, members });
      await finish(statements);
      return out;
    },
    access,
  );
}

/** The room's version bumped and its signal sent, to the topic's current epoch (migration 0025). */
const touchStatements = (by: "id" | "code", value: string): string[] => [
  inlineParams(`update rooms set version = version + 1 where ${by} = $1`, [value]),
  inlineParams(`select realtime.send(jsonb_build_object('kind', 'room'), 'room', app.signal_topic('room:' || r.id), true) from rooms r where r.${by} = $1`, [value]),
];

/** The room's version bumped and its signal sent, as one script (one round trip). */
export async function touchRoom(tx: Tx, roomId: string): Promise<void> {
  await tx.exec(scriptOf(touchStatements("id", roomId)));
}
