// A step's change of a game's state, stored instead of the whole state (migration
// 0041_game_state_patches): most steps append a chat line or a vote to a state of tens of kilobytes,
// and rewriting all of it was the largest part of a step on PGlite (docs/performance.md, "Load").
// The engine never writes into a state, so what a step left alone is the same object in the next
// state: a top-level field is unchanged when identical, and a list grew when the old one is an
// identical prefix of the new one. Anything else is written whole, so a patch is always right.

/** Top-level fields written whole, lists grown by their new items, fields removed. */
export interface StatePatch {
  s?: Record<string, unknown>;
  a?: Record<string, unknown[]>;
  d?: string[];
}

type Fields = Record<string, unknown>;

const isFields = (v: unknown): v is Fields => typeof v === "object" && v !== null && !Array.isArray(v);

/** The items `after` added to `before`, when it only grew (its old items the same objects). */
function grownBy(before: unknown, after: unknown[]): unknown[] | null {
  if (!Array.isArray(before) || before.length > after.length) return null;
  for (let i = 0; i < before.length; i++) if (before[i] !== after[i]) return null;
  return after.slice(before.length);
}

/** The patch taking `before` to `after` (JSON-equal once applied), or null when either is not an object. */
export function statePatch(before: unknown, after: unknown): StatePatch | null {
  if (!isFields(before) || !isFields(after)) return null;
  const patch: StatePatch = {};
  for (const key of Object.keys(after)) {
    const value = after[key];
    if (value === before[key]) continue;
    if (value === undefined) {
      (patch.d ??= []).push(key);
      continue;
    }
    const added = Array.isArray(value) ? grownBy(before[key], value) : null;
    if (added === null) (patch.s ??= {})[key] = value;
    else if (added.length > 0) (patch.a ??= {})[key] = added;
  }
  for (const key of Object.keys(before)) if (!(key in after) && before[key] !== undefined) (patch.d ??= []).push(key);
  return patch;
}

/** `state` (as read back from JSON) with `patch` applied; never writes into `state`. */
export function applyPatch(state: unknown, patch: StatePatch): unknown {
  if (!isFields(state)) throw new Error("a state patch applies to an object only");
  const next: Fields = { ...state };
  if (patch.s) Object.assign(next, patch.s);
  if (patch.a) {
    for (const [key, items] of Object.entries(patch.a)) {
      const list = next[key];
      if (!Array.isArray(list)) throw new Error(`state patch grows ${key}, which is not a list`);
      next[key] = list.concat(items);
    }
  }
  for (const key of patch.d ?? []) delete next[key];
  return next;
}

/** A stored full state followed by the patches written since, in order. */
export const foldPatches = (state: unknown, patches: readonly StatePatch[] | null): unknown =>
  (patches ?? []).reduce<unknown>(applyPatch, state);
