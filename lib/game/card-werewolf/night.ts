// The Night (CW-R25–CW-R28, CW-P4, CW-P7, CW-P11): one Night card per living player, exactly one
// the Wolf Claw, each told only to its holder. After the look, results come together: the Claw
// kills its holder if they are on the Village team (the Angel too) and no Guard lies in front of
// them; a Werewolf or the Traitor with it says "I'm safe" like everyone else. Only a death (and
// its Claw) is made public.
import { PUBLIC, toPlayer } from "../core/audiences";
import { shuffle } from "../core/shuffle";
import { startDay } from "./day";
import { kill } from "./death";
import { setPhase } from "./phase";
import { isWolfTeam, living } from "./seats";
import { emit, type Tx } from "./tx";
import type { NightCard } from "./types";

export function startNight(tx: Tx): void {
  const s = tx.s;
  const alive = living(s);
  const cards = shuffle<NightCard>(s.rng, ["claw", ...alive.slice(1).map((): NightCard => "safe")]);
  s.turn = null;
  s.seer = null;
  s.night = {};
  alive.forEach((p, i) => {
    s.night[p] = cards[i];
    emit(tx, "night_card", toPlayer(p), { card: cards[i] });
  });
  setPhase(tx, "night", "night");
}

export function resolveNight(tx: Tx): void {
  const s = tx.s;
  const holder = living(s).find((p) => s.night[p] === "claw") ?? null;
  const guarded = holder !== null && s.front[holder].some((c) => c.kind === "guard");
  const dies = holder !== null && !isWolfTeam(s.roles[holder]) && !guarded ? holder : null;
  emit(tx, "night_result", PUBLIC, { day: s.day, died: dies });
  if (dies !== null) kill(tx, dies, "claw");
  if (s.phase !== "ended") startDay(tx); // CW-R29, CW-P5
}
