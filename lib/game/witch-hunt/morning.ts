// A new day: the Duck's announcement of tonight's required ingredients (WH-R15, WH-R16, WH-P3),
// then Daytime's location picks.
import { shuffle } from "../core/shuffle";
import { setPhase, timedFor } from "./phase";
import { INGREDIENT_AT, KNIGHT_DAY, LOCATIONS, openLocations, requiredCount } from "./tables";
import { emit, PUBLIC, type Tx } from "./tx";

export function startDay(tx: Tx): void {
  const s = tx.s;
  s.day += 1;
  s.curse = 0; // R34: the bar resets each day
  s.picks = {};
  s.guarding = false;
  s.guardAt = null;
  s.heal = null;
  s.witchAt = {};
  s.casts = [];
  s.seerUsed = false;
  s.stealUsed = false;
  s.yesnoOpened = false;
  s.proposal = null;
  s.yesno = {};
  s.passed = false;
  s.puts = {};
  s.votes = {};
  // P3: distinct types drawn uniformly from the open locations' ingredients, listed in map order.
  const open = openLocations(s.players.length).map((l) => INGREDIENT_AT[l]);
  const drawn = new Set(shuffle(s.rng, open).slice(0, requiredCount(s.players.length)));
  s.required = LOCATIONS.map((l) => INGREDIENT_AT[l]).filter((i) => drawn.has(i));
  emit(tx, "morning", PUBLIC, { day: s.day, required: s.required, knightDay: s.day === KNIGHT_DAY });
  setPhase(tx, "day.pick", timedFor("pick"));
}
