// Game start: deal (uniform, seeded — S-START-2, P-5), tell each player only their own role, tell
// the wolves each other (S-START-3), show the Thief the middle cards, and begin Night 1.
import type { GameEvent, PlayerId, Result, SetupCtx, Step } from "../core/types";
import { err, ok } from "../core/types";
import { seedRng, type RngState } from "../core/rng";
import { shuffle } from "../core/shuffle";
import { canStart, countRoles, deckFor } from "./composition";
import { begin, emit, PUBLIC, toPlayer } from "./events";
import { startNight } from "./phase";
import { emptyNight } from "./state";
import { isRoleId, wolvesOf } from "./roles";
import type { RoleId, WerewolfConfig, WerewolfState } from "./types";

/** The seeded deal (S-START-2, P-5): each seat's card, the middle cards, and the RNG after it. */
export interface Deal {
  deck: RoleId[];
  roles: Record<PlayerId, RoleId>;
  /** The same cards by seat (in `players` order). */
  cards: RoleId[];
  middle: RoleId[];
  rng: RngState;
}

export function dealRoles(config: WerewolfConfig, players: PlayerId[], ctx: SetupCtx, fixedRoles?: Record<PlayerId, string>): Result<Deal> {
  const can = canStart(config, players);
  if (!can.ok) return can;
  const deck = deckFor(config, players.length) as RoleId[];
  const rng = seedRng(ctx.seed);
  const roles: Record<PlayerId, RoleId> = {};
  let cards: RoleId[];
  let middle: RoleId[];
  if (fixedRoles !== undefined) {
    const leftover = dealFixed(deck, players, fixedRoles, roles);
    if (typeof leftover === "string") return err("BAD_CONFIG", leftover);
    cards = players.map((p) => roles[p]);
    middle = shuffle(rng, leftover);
  } else {
    const dealt = shuffle(rng, deck);
    cards = dealt.slice(0, players.length);
    for (let seat = 0; seat < players.length; seat++) roles[players[seat]] = cards[seat];
    middle = dealt.slice(players.length);
  }
  return ok({ deck, roles, cards, middle, rng });
}

/**
 * The game's first events: the public setup, each player's own card (`cards`, by seat), the wolves
 * told each other (S-START-3). `players` and `wolves` are the state's lists, never written into.
 */
export function startEvents(config: WerewolfConfig, now: number, players: PlayerId[], composition: WerewolfState["composition"], cards: readonly RoleId[], wolves: PlayerId[]): GameEvent[] {
  const out: GameEvent[] = [
    {
      type: "game_start",
      audience: PUBLIC,
      at: now,
      ruleset: config.ruleset,
      players,
      composition,
      sheriff: config.sheriff,
      tieRevote: config.tieRevote,
      endAtParity: config.endAtParity,
      dayLength: config.dayLength,
    },
  ];
  for (let seat = 0; seat < players.length; seat++) out.push({ type: "role", audience: toPlayer(players[seat]), at: now, role: cards[seat] });
  for (const w of wolves) out.push({ type: "wolves", audience: toPlayer(w), at: now, wolves });
  return out;
}

export function setup(
  config: WerewolfConfig,
  players: PlayerId[],
  ctx: SetupCtx,
  fixedRoles?: Record<PlayerId, string>,
): Result<Step<WerewolfState>> {
  const dealt = dealRoles(config, players, ctx, fixedRoles);
  if (!dealt.ok) return dealt;
  const { deck, roles, cards, middle, rng } = dealt.value;
  const alive: Record<PlayerId, boolean> = {};
  for (const p of players) alive[p] = true;
  const thief = players.find((p) => roles[p] === "thief") ?? null;
  const state: WerewolfState = {
    config,
    players: [...players],
    composition: countRoles(deck),
    roles,
    wolves: wolvesOf({ players, roles }),
    alive,
    rng,
    phase: "night.main",
    day: 0,
    deadline: null,
    candidates: null,
    actor: null,
    acted: [],
    ready: [],
    votes: [],
    revote: false,
    night: emptyNight(),
    potions: { save: true, poison: true },
    guardLast: null,
    seerLog: [],
    lovers: null,
    loversTold: false,
    cupid: null,
    girlCaught: null,
    girlKnownBy: [],
    thief,
    middle: config.roles.includes("thief") ? middle : null,
    sheriff: null,
    pending: [],
    then: "night",
    chat: [],
    chatTimes: players.map(() => []),
    deaths: [],
    tallies: [],
    timeline: [],
    winner: null,
    winners: [],
  };
  const tx = begin(state, ctx.now);
  for (const e of startEvents(config, tx.now, state.players, state.composition, cards, state.wolves)) emit(tx, e);
  if (thief !== null && state.middle) emit(tx, { type: "thief_cards", audience: toPlayer(thief), at: tx.now, cards: state.middle });
  startNight(tx);
  return ok({ state: tx.s, events: tx.out });
}

/** Checks a fixed deal against the legal deck; returns the undealt cards or why it is illegal. */
function dealFixed(deck: RoleId[], players: PlayerId[], fixed: Record<PlayerId, string>, into: Record<PlayerId, RoleId>): RoleId[] | string {
  if (typeof fixed !== "object" || fixed === null) return "Fixed roles must map every player to a role.";
  const keys = Object.keys(fixed);
  if (keys.length !== players.length || players.some((p) => !Object.hasOwn(fixed, p))) {
    return "Fixed roles must give exactly one role to every player.";
  }
  const left = [...deck];
  for (const p of players) {
    const role = fixed[p];
    if (!isRoleId(role)) return `Unknown role "${String(role)}" for ${p}.`;
    const i = left.indexOf(role);
    if (i < 0) return `The setup has no ${role} card left for ${p}.`;
    left.splice(i, 1);
    into[p] = role;
  }
  return left;
}
