// A game's state as stored (migration 0041_game_state_patches): a full state, written now and then,
// and the patches of the steps written since (state-patch.ts). Read back as one value; written as
// a patch while fewer than `PATCHES_PER_STATE` follow the full state, else whole again.
import { foldPatches, type StatePatch } from "./state-patch";

/**
 * A full write every 32 steps: 1/32 of a whole state's rewrite per step, and a read folds at most
 * 31 patches. A game's end writes it whole, so an ended game is one value.
 */
export const PATCHES_PER_STATE = 32;

const PATCHES_SINCE_BASE = "(select json_agg(p.patch order by p.rev) from game_state_patches p where p.game_id = s.game_id and p.rev > s.base_rev)";

/** Columns of `game_states s` that `storedState` reads: the full state, its `rev`, and the patches since. */
export const STORED_STATE_COLUMNS = `s.state, s.rev, s.rev - s.base_rev as since_base, ${PATCHES_SINCE_BASE} as patches`;

/**
 * `STORED_STATE_COLUMNS`, but the state and its patches come back null where `s.rev` equals
 * `knownRev` (an SQL expression, null for none): a `rev` names one write, so the caller's copy of
 * that write's state is the state, and reading it back (~32 KB parsed on both sides) is waste —
 * a refusal judged again, a phase end the scheduler writes (`storedStateKnowing`).
 */
export const storedStateColumnsKnowing = (knownRev: string): string =>
  `case when s.rev = ${knownRev} then null else s.state end as state, s.rev, s.rev - s.base_rev as since_base,
        case when s.rev = ${knownRev} then null else ${PATCHES_SINCE_BASE} end as patches`;

export interface StoredStateRow {
  state: unknown;
  rev: number | string;
  since_base: number | string;
  patches: StatePatch[] | null;
}

/** The state as the last write left it, with its write count and how many patches follow the full state. */
export interface StoredState {
  state: unknown;
  rev: number;
  sinceBase: number;
}

export const storedState = (row: StoredStateRow): StoredState => ({
  state: foldPatches(row.state, row.patches),
  rev: Number(row.rev),
  sinceBase: Number(row.since_base),
});

/** `known` as the row's stored state, when it is the state at the row's `rev` (a `rev` names one write); else undefined. */
export const heldAt = (row: Pick<StoredStateRow, "rev" | "since_base">, known: StoredState | undefined): StoredState | undefined =>
  known !== undefined && Number(row.rev) === known.rev ? { state: known.state, rev: known.rev, sinceBase: Number(row.since_base) } : undefined;

/** A row of `storedStateColumnsKnowing`: `known` when the row left the state out, else the row's state. */
export const storedStateKnowing = (row: StoredStateRow, known: StoredState | undefined): StoredState =>
  (row.state === null ? heldAt(row, known) : undefined) ?? storedState(row);

/** Whether the write after `stored` may be a patch (else the whole state). */
export const patchable = (stored: Pick<StoredState, "sinceBase"> | undefined, ended: boolean): stored is Pick<StoredState, "sinceBase"> =>
  stored !== undefined && !ended && stored.sinceBase + 1 < PATCHES_PER_STATE;

/** What a write of `state` after `stored` leaves stored (`stepWrites`' choice, for the game cache). */
export const storedAfter = (stored: StoredState, state: unknown, ended: boolean): StoredState => ({
  state,
  rev: stored.rev + 1,
  sinceBase: patchable(stored, ended) ? stored.sinceBase + 1 : 0,
});

/** One game's stored state row (`storedState` reads it). */
export const STORED_STATE_OF = `select ${STORED_STATE_COLUMNS} from game_states s where s.game_id = $1`;
