// A new game (WH-R1, WH-R2, WH-R14, WH-P1, WH-P5, WH-P6): roles dealt from the seed (or fixed by a
// scenario), each player told their own role, witches told each other and the Crow told the
// witches; then everyone reads their card and taps Ready.
import { err, ok, type PlayerId, type Result, type SetupCtx, type Step } from "../core/types";
import { seedRng } from "../core/rng";
import { shuffle } from "../core/shuffle";
import { applyAbsentDefaults } from "./absent";
import { NONE, setPhase } from "./phase";
import { MAX_PLAYERS, MIN_PLAYERS, openLocations, ROLES_BY_COUNT } from "./tables";
import { emit, finish, PUBLIC, toPlayer, WITCHES, type Tx } from "./tx";
import type { Form, Ingredient, Role, WitchHuntConfig, WitchHuntState } from "./types";
import { SEALS_NEEDED, KNIGHT_DAY, CURSE_LENGTH } from "./tables";

export function canStart(_config: WitchHuntConfig, players: PlayerId[]): Result<true> {
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) return err("BAD_PLAYER_COUNT", `This game needs ${MIN_PLAYERS} to ${MAX_PLAYERS} players.`);
  if (new Set(players).size !== players.length) return err("BAD_CONFIG", "A player is listed twice.");
  return ok(true);
}

const sameRoles = (a: Role[], b: Role[]) => [...a].sort().join() === [...b].sort().join();

export function setup(config: WitchHuntConfig, players: PlayerId[], ctx: SetupCtx, fixedRoles?: Record<PlayerId, string>): Result<Step<WitchHuntState>> {
  const can = canStart(config, players);
  if (!can.ok) return can;
  const rng = seedRng(ctx.seed);
  const deck = ROLES_BY_COUNT[players.length];
  let dealt: Role[];
  if (fixedRoles) {
    dealt = players.map((p) => fixedRoles[p] as Role);
    if (!sameRoles(dealt, deck)) return err("BAD_CONFIG", `With ${players.length} players the roles are: ${[...deck].sort().join(", ")} (WH-P1).`);
  } else dealt = shuffle(rng, deck);
  const roles: Record<PlayerId, Role> = {};
  const form: Record<PlayerId, Form> = {};
  const hands: Record<PlayerId, Ingredient[]> = {};
  players.forEach((p, i) => {
    roles[p] = dealt[i];
    form[p] = "human";
    hands[p] = []; // P3: hands start empty
  });
  const s: WitchHuntState = {
    config,
    players: [...players],
    roles,
    rng,
    phase: "start",
    day: 0,
    deadline: null,
    form,
    absent: [],
    done: [],
    hands,
    crowSpoiled: dealt.includes("crow"),
    seals: 0,
    failedRituals: 0,
    curse: 0,
    required: [],
    chiefFrom: 0,
    chief: null,
    picks: {},
    guarding: false,
    guardAt: null,
    heal: null,
    witchAt: {},
    casts: [],
    seerUsed: false,
    stealUsed: false,
    yesnoOpened: false,
    proposal: null,
    yesno: {},
    passed: false,
    puts: {},
    votes: {},
    winner: null,
    endReason: null,
    chatTimes: {},
    log: [],
  };
  const tx: Tx = { s, out: [], now: ctx.now, entered: applyAbsentDefaults };
  emit(tx, "game_started", PUBLIC, {
    players: s.players,
    timed: config.timed,
    open: openLocations(players.length),
    seals: SEALS_NEEDED,
    knightDay: KNIGHT_DAY,
    curseLength: CURSE_LENGTH,
  });
  for (const p of players) emit(tx, "role", toPlayer(p), { role: roles[p] });
  emit(tx, "witches_known", WITCHES, { witches: players.filter((p) => roles[p] === "witch") });
  setPhase(tx, "start", NONE);
  return ok({ state: finish(tx), events: tx.out });
}
