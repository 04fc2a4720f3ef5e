// Who is who and in what form: the queries every rule asks.
import type { PlayerId } from "../core/types";
import type { WitchHuntState } from "./types";

type S = Pick<WitchHuntState, "players" | "roles" | "form">;

export const isWitch = (s: S, p: PlayerId): boolean => s.roles[p] === "witch";
/** Human-form cats in seat order (WH-R29, WH-R32, WH-R37). */
export const humans = (s: S): PlayerId[] => s.players.filter((p) => s.form[p] === "human");
export const roleHolder = (s: S, role: string): PlayerId | null => s.players.find((p) => s.roles[p] === role) ?? null;
/** WH-R17/WH-R18: every human-form cat who is not a witch picks a location. */
export const pickers = (s: S): PlayerId[] => s.players.filter((p) => s.form[p] === "human" && !isWitch(s, p));
export const frogs = (s: S): PlayerId[] => s.players.filter((p) => s.form[p] === "frog");
export const isAbsent = (s: Pick<WitchHuntState, "absent">, p: PlayerId): boolean => s.absent.includes(p);
/** Seat-order sort, so lists in events never reveal the order things happened in. */
export const bySeat = (s: Pick<WitchHuntState, "players">, ps: Iterable<PlayerId>): PlayerId[] => {
  const set = new Set(ps);
  return s.players.filter((p) => set.has(p));
};
