// What a deadline does (CW-P8, CW-P9, CW-P11; docs/card-werewolf.md): the Identification count ends;
// an unmade choice is made at random among the legal ones (the Werewolves', the Angel's, the
// Seer's, a turn's card and target, then the draw); the Night's results come.
import { nextInt, pick } from "../core/rng";
import { resolvePlay } from "./cards";
import { endOfPlay } from "./daytime-end";
import { afterCount, angelOf, applyLook, applyPoint } from "./identify";
import { legalFor } from "./legal";
import { resolveNight } from "./night";
import { applyView } from "./seer";
import { wolfTeam } from "./seats";
import type { Tx } from "./tx";

export function timeout(tx: Tx): void {
  const s = tx.s;
  switch (s.phase) {
    case "identify":
      return afterCount(tx);
    case "identify.wolves":
      return applyPoint(tx, pick(s.rng, wolfTeam(s)));
    case "identify.angel": {
      const angel = angelOf(tx)!;
      return applyLook(tx, angel, pick(s.rng, s.players.filter((p) => p !== angel)));
    }
    case "day": {
      const p = s.turn!;
      const plays = legalFor(s, p)[0].plays!;
      const o = plays[nextInt(s.rng, plays.length)];
      resolvePlay(tx, p, o.card, o.targets.length > 0 ? pick(s.rng, o.targets) : undefined);
      return endOfPlay(tx);
    }
    case "day.seer": {
      const viewer = s.seer!;
      applyView(tx, viewer, pick(s.rng, legalFor(s, viewer)[0].targets!));
      return endOfPlay(tx);
    }
    case "night":
      return resolveNight(tx);
    default:
      return;
  }
}
