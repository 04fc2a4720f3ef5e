// S-WIN-1 and C-WIN-1, checked only once every death, shot and succession is resolved.
import type { PlayerId } from "../core/types";
import { mixedLovers } from "./cupid";
import { aliveBySeat, cardsBySeat, livingCount, sideOf } from "./roles";
import type { WerewolfState, Winner } from "./types";

export function checkWin(s: WerewolfState): Winner | null {
  const living = livingCount(s);
  // Living wolves by seat (`s.wolves` are the seats holding a Wolf card: roles.ts).
  const alive = aliveBySeat(s);
  const cards = cardsBySeat(s);
  let wolves = 0;
  for (let seat = 0; seat < cards.length; seat++) if (alive[seat] && cards[seat] === "wolf") wolves++;
  if (living === 0) return "draw";
  const classic = s.config.ruleset === "classic";
  if (classic && living === 2 && mixedLovers(s) && s.alive[s.lovers![0]] && s.alive[s.lovers![1]]) return "lovers";
  if (wolves === 0) return "village";
  const parity = !classic || s.config.endAtParity;
  if (parity ? wolves >= living - wolves : wolves === living) return "wolves";
  return null;
}

/** Who won: the winning side; a mixed pair of lovers plays only for itself (C-LOVERS-3). */
export function winnersOf(s: WerewolfState, winner: Winner): PlayerId[] {
  if (winner === "draw") return [];
  if (winner === "lovers") return s.players.filter((p) => s.lovers!.includes(p));
  const excluded: PlayerId[] = mixedLovers(s) ? s.lovers! : [];
  return s.players.filter((p) => sideOf(s.roles[p]) === winner && !excluded.includes(p));
}
