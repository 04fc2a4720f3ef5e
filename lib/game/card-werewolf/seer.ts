// The Seer power (CW-R35–CW-R38, CW-R40, CW-R42, CW-R44, CW-P8): the holder views one living player
// other than themselves with no Moon token. The Moons are public; what was seen goes only to the
// viewer — the role in the basic game, the Identity token in the advanced one (the Traitor hands
// over "Villager", the Angel "Werewolf").
import { PUBLIC, toPlayer } from "../core/audiences";
import type { PlayerId } from "../core/types";
import { isAdvanced } from "./config";
import { emit, type Tx } from "./tx";
import type { CardWerewolfState, IdentityToken, Role } from "./types";

type S = Pick<CardWerewolfState, "players" | "alive" | "moons">;

/** CW-P8: whom `viewer` may view. */
export const seerTargets = (s: S, viewer: PlayerId): PlayerId[] => s.players.filter((p) => s.alive[p] && p !== viewer && s.moons[p] === undefined);

/** CW-R38, CW-P8: a player may receive the Seer power when they have no Full Moon and someone to view. */
export const canHoldSeer = (s: S, p: PlayerId): boolean => s.alive[p] && s.moons[p] !== "full" && seerTargets(s, p).length > 0;

/** CW-R40, CW-R42, CW-R44, CW-R45. */
export function identityToken(role: Role): IdentityToken {
  return role === "werewolf" || role === "angel" ? "werewolf" : "villager";
}

export function applyView(tx: Tx, viewer: PlayerId, target: PlayerId): void {
  const s = tx.s;
  s.moons[target] = "crescent"; // CW-R37
  s.moons[viewer] = "full";
  s.seer = null;
  const role = s.roles[target];
  emit(tx, "viewed", PUBLIC, { viewer, target });
  emit(tx, "seer_result", toPlayer(viewer), { day: s.day, target, seen: isAdvanced(s.config) ? identityToken(role) : role });
}
