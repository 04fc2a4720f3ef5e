// Who is who and who is alive: the queries every rule asks.
import { nextClockwise } from "../core/clockwise";
import type { PlayerId } from "../core/types";
import type { CardWerewolfState, Role } from "./types";

type S = Pick<CardWerewolfState, "players" | "roles" | "alive">;

/** CW-R1: the Werewolf team (Werewolves + Traitor). */
export const isWolfTeam = (role: Role): boolean => role === "werewolf" || role === "traitor";
export const living = (s: S): PlayerId[] => s.players.filter((p) => s.alive[p]);
export const wolfTeam = (s: S): PlayerId[] => s.players.filter((p) => isWolfTeam(s.roles[p]));
/** CW-R11: "left" is the next living player clockwise. */
export const nextLiving = (s: S, from: PlayerId): PlayerId | null => nextClockwise(s.players, from, (p) => s.alive[p]);
