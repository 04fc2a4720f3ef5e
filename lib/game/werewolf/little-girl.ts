// C-GIRL-1: during night.main the Little Girl may peek: she then sees the wolves' chat and picks
// live under "Wolf N" names; each peek is caught with probability 1/3, which the wolves learn at once.
import type { EngineError, PlayerId } from "../core/types";
import { chance } from "../core/rng";
import { actorErrors, nightActor } from "./checks";
import { emit, nightOf, rngOf, toPlayer, type Tx } from "./events";
import { livingWolves, wolfAlias } from "./roles";
import type { Facts, LegalAction } from "./types";

const E = actorErrors("peek", "little_girl", "night.main");

export function peekRule(f: Facts): LegalAction | EngineError {
  return nightActor(f, "little_girl", "night.main", E) ?? { type: "peek" };
}

export function applyPeek(tx: Tx, me: PlayerId): void {
  const s = tx.s;
  const caught = chance(rngOf(tx), 1, 3);
  const night = nightOf(tx);
  night.peeker = me;
  night.caught = caught;
  s.acted = [...s.acted, me];
  emit(tx, { type: "peeked", audience: toPlayer(me), at: tx.now, day: s.day });
  // What she missed before pressing Peek this night: the picks so far.
  emit(tx, {
    type: "peek_picks",
    audience: toPlayer(me),
    at: tx.now,
    day: s.day,
    picks: s.night.picks.map((p) => ({ by: wolfAlias(s, p.by), target: p.target })),
  });
  if (caught) {
    s.girlCaught = me;
    // Told to each living wolf by name, not to the team: a team event is readable only by the
    // living pack, and a wolf who dies later keeps what it saw while alive (S-DEATH-1).
    const living = livingWolves(s);
    for (const w of living) emit(tx, { type: "girl_caught", audience: toPlayer(w), at: tx.now, day: s.day, girl: me });
    // A later catch tells nobody new: nobody comes back to life, and nobody becomes a Wolf after
    // night 1's Thief step, so the wolves living now were all told at the first catch.
    if (!s.girlKnownBy?.length) s.girlKnownBy = living;
  }
}
