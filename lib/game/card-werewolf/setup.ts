// A new game (CW-R4–CW-R6, CW-R10, CW-R11, CW-R39, CW-R41, CW-P1, CW-P6): roles dealt from the seed
// (or fixed by a scenario), each player told their own role, the Werewolf team told its members,
// a random caller named; then the Identification count.
import { PUBLIC, toPlayer } from "../core/audiences";
import { pick, seedRng } from "../core/rng";
import { shuffle } from "../core/shuffle";
import { err, ok, type PlayerId, type Result, type SetupCtx, type Step } from "../core/types";
import { setPhase } from "./phase";
import { isWolfTeam } from "./seats";
import { ADVANCED_MIN_PLAYERS, MAX_PLAYERS, MIN_PLAYERS, rolesFor } from "./tables";
import { emit, finish, type Tx } from "./tx";
import type { CardWerewolfConfig, CardWerewolfState, Role } from "./types";

export function canStart(config: CardWerewolfConfig, players: PlayerId[]): Result<true> {
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) return err("BAD_PLAYER_COUNT", `This game needs ${MIN_PLAYERS} to ${MAX_PLAYERS} players.`);
  if (new Set(players).size !== players.length) return err("BAD_CONFIG", "A player is listed twice.");
  if ((config.angel !== "none" || config.traitor) && players.length < ADVANCED_MIN_PLAYERS) return err("BAD_CONFIG", `The Angel and the Traitor need ${ADVANCED_MIN_PLAYERS} or more players (CW-R39).`);
  return ok(true);
}

const sameRoles = (a: string[], b: string[]) => [...a].sort().join() === [...b].sort().join();

function emptyState(config: CardWerewolfConfig, players: PlayerId[], roles: Record<PlayerId, Role>, rng: CardWerewolfState["rng"]): CardWerewolfState {
  const alive: Record<PlayerId, boolean> = {};
  for (const p of players) alive[p] = true;
  return {
    config,
    players: [...players],
    roles,
    rng,
    phase: "identify",
    day: 0,
    deadline: null,
    alive,
    caller: pick(rng, players), // CW-P6
    turn: null,
    deck: [],
    hands: {},
    front: {},
    discard: [],
    box: [],
    votes: {},
    moons: {},
    cursed: [],
    banned: [],
    seer: null,
    night: {},
    gm: null,
    lastDeath: null,
    howler: null,
    pointed: null,
    winner: null,
    endReason: null,
    chatTimes: {},
    log: [],
  };
}

export function setup(config: CardWerewolfConfig, players: PlayerId[], ctx: SetupCtx, fixedRoles?: Record<PlayerId, string>): Result<Step<CardWerewolfState>> {
  const can = canStart(config, players);
  if (!can.ok) return can;
  const rng = seedRng(ctx.seed);
  const deck = rolesFor(players.length, config.angel !== "none", config.traitor);
  let dealt: Role[];
  if (fixedRoles) {
    dealt = players.map((p) => fixedRoles[p] as Role);
    if (!sameRoles(dealt, deck)) return err("BAD_CONFIG", `With ${players.length} players and these options the roles are: ${[...deck].sort().join(", ")} (CW-P1).`);
  } else dealt = shuffle(rng, deck); // CW-R6
  const roles: Record<PlayerId, Role> = {};
  players.forEach((p, i) => (roles[p] = dealt[i]));
  const s = emptyState(config, players, roles, rng);
  const tx: Tx = { s, out: [], now: ctx.now };
  emit(tx, "game_started", PUBLIC, { players: s.players, config });
  for (const p of players) emit(tx, "role", toPlayer(p), { role: roles[p] });
  // CW-R10, CW-R41: Werewolves and the Traitor see each other; told one by one so a member keeps it after death.
  const team = players.filter((p) => isWolfTeam(roles[p]));
  const traitor = players.find((p) => roles[p] === "traitor") ?? null;
  for (const p of team) emit(tx, "wolves_known", toPlayer(p), { wolves: team, traitor });
  emit(tx, "caller", PUBLIC, { player: s.caller }); // CW-R11
  setPhase(tx, "identify", "identify");
  return ok({ state: finish(tx), events: tx.out });
}
