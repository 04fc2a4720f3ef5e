// A game's stored engine state as the server reads it (lib/server/games/stored-state.ts: the full
// state with the patches written since), read past RLS.
import type { Db, Tx } from "@/lib/db/types";
import { STORED_STATE_OF, storedState, type StoredStateRow } from "@/lib/server/games/stored-state";

export async function stateIn<S>(tx: Pick<Tx, "query">, gameId: string): Promise<S> {
  const [row] = await tx.query<StoredStateRow>(STORED_STATE_OF, [gameId]);
  const state = typeof row.state === "string" ? JSON.parse(row.state) : row.state;
  return storedState({ ...row, state }).state as S;
}

export const readState = <S>(db: Db, gameId: string): Promise<S> => db.tx((tx) => stateIn<S>(tx, gameId));

/** Replaces the stored state whole, as a step writing it whole does (0041: the patches it supersedes dropped). */
export async function overwriteState(tx: Pick<Tx, "query">, gameId: string, state: unknown): Promise<void> {
  await tx.query("update game_states set state = $2::text::json, rev = rev + 1, base_rev = rev + 1 where game_id = $1", [gameId, JSON.stringify(state)]);
  await tx.query("delete from game_state_patches where game_id = $1", [gameId]);
}
