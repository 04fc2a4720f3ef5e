// Which actions are legal for a player now. The same rules validate actions in the engine (from
// the state's facts) and list the choices in a player's view (from the view's facts), so the UI
// offers exactly what the server accepts.
import type { EngineError, PlayerId } from "../core/types";
import { isEngineError, refuse } from "../core/result";
import { chatRule } from "./chat";
import { ALREADY_ACTED, NOT_ALIVE } from "./checks";
import { linkRule } from "./cupid";
import { readyRule } from "./day";
import { protectRule } from "./guard";
import { hunterTurn, shootRule } from "./hunter";
import { peekRule } from "./little-girl";
import { actsIn, aliveBySeat, cardsBySeat } from "./roles";
import { inspectRule } from "./seer";
import { passBadgeRule } from "./sheriff";
import { stealRule, thiefForced } from "./thief";
import type { ActionType, Facts, LegalAction, PhaseId, RoleId, Untargeted, WerewolfState } from "./types";
import { voteOf, voteRule } from "./vote";
import { poisonRule, saveRule } from "./witch";
import { biteRule } from "./wolf";

/** P-4: an explicit skip by whoever acts in this step; a forced Thief may not (C-THIEF-1). */
export const SKIP: Untargeted = Object.freeze({ type: "skip" });
const NOTHING_TO_DO = refuse("NOT_YOUR_TURN", "You have nothing to do in this step.");
const NOTHING_TO_SKIP = refuse("WRONG_PHASE", "There is nothing to skip now.");
const FORCED = refuse("BAD_ACTION", "Both middle cards are Wolves: you must take one.");

function skipRule(f: Facts): LegalAction | EngineError {
  if (f.phase === "hunter") return hunterTurn(f) ?? SKIP;
  const step = actsIn(f.myRole);
  if (step === null || step !== f.phase) return f.phase.startsWith("night.") ? NOTHING_TO_DO : NOTHING_TO_SKIP;
  if (!f.alive[f.me]) return NOT_ALIVE;
  if (f.done) return ALREADY_ACTED;
  if (f.myRole === "thief" && thiefForced(f.thiefCards)) return FORCED;
  return SKIP;
}

export const RULES: Record<ActionType, (f: Facts) => LegalAction | EngineError> = {
  bite: biteRule,
  inspect: inspectRule,
  protect: protectRule,
  save: saveRule,
  poison: poisonRule,
  peek: peekRule,
  steal: stealRule,
  link: linkRule,
  shoot: shootRule,
  pass_badge: passBadgeRule,
  skip: skipRule,
  chat: chatRule,
  ready_to_vote: readyRule,
  vote: voteRule,
};
export const ACTION_TYPES = Object.keys(RULES) as ActionType[];

/**
 * Index of the action types each phase can accept at all, so listing legal actions (bots do it
 * for every seat in every step) runs only the few rules that can apply. legal.test.ts checks it
 * against running every rule.
 */
export const TYPES_BY_PHASE: Record<PhaseId, readonly ActionType[]> = {
  "night.thief": ["steal", "skip"],
  "night.cupid": ["link", "skip", "chat"],
  "night.lovers": ["chat"],
  "night.main": ["bite", "inspect", "protect", "peek", "skip", "chat"],
  "night.witch": ["save", "poison", "skip", "chat"],
  hunter: ["shoot", "skip"],
  day: ["chat", "ready_to_vote"],
  "sheriff.election": ["vote"],
  "sheriff.succession": ["pass_badge"],
  vote: ["vote"],
  ended: [],
};

/**
 * Narrower index for the night steps, by role: which of the step's types can be legal for a
 * living player holding that role (in TYPES_BY_PHASE order). Every night rule needs a living
 * player, and chat at night needs a wolf; everyone else has nothing to do, which is most seats in
 * most night steps. legal.test.ts checks this index against running every rule.
 */
const NIGHT_TYPES: Partial<Record<PhaseId, Partial<Record<RoleId, readonly ActionType[]>>>> = {
  "night.thief": { thief: ["steal", "skip"] },
  "night.cupid": { cupid: ["link", "skip"], wolf: ["chat"] },
  "night.lovers": { wolf: ["chat"] },
  "night.main": { wolf: ["bite", "skip", "chat"], seer: ["inspect", "skip"], guard: ["protect", "skip"], little_girl: ["peek", "skip"] },
  "night.witch": { witch: ["save", "poison", "skip"], wolf: ["chat"] },
};

type Rule = (f: Facts) => LegalAction | EngineError;
const NONE: readonly Rule[] = [];
const rulesOf = (types: readonly ActionType[]): readonly Rule[] => types.map((t) => RULES[t]);

/**
 * The indexes as rule functions, by phase: the living's rules, or for a night step each role's;
 * and the dead's. The dead act only as the dying Hunter (shoot or skip) and as the dying Sheriff
 * (pass the badge); every other rule refuses them, and they are a third of the seats by the end of
 * a game (legal.test.ts checks this against running every rule too). Roles are found by a scan of
 * at most four pairs, phases in a Map looked up once per state: a keyed property lookup by a
 * varying phase, role or type (megamorphic) cost more than the rules it selected.
 */
interface PhaseRules {
  living: readonly Rule[];
  /** Night steps: the roles with something to do, and each one's rules (same index); else null. */
  roles: readonly RoleId[] | null;
  roleRules: readonly (readonly Rule[])[];
  dead: readonly Rule[];
}
const PHASE_RULES = new Map<PhaseId, PhaseRules>();
for (const [phase, types] of Object.entries(TYPES_BY_PHASE) as [PhaseId, readonly ActionType[]][]) {
  const night = NIGHT_TYPES[phase];
  const byRole = night ? (Object.entries(night) as [RoleId, readonly ActionType[]][]) : null;
  PHASE_RULES.set(phase, {
    living: rulesOf(types),
    roles: byRole && byRole.map(([role]) => role),
    roleRules: byRole ? byRole.map(([, t]) => rulesOf(t)) : [],
    dead: phase === "hunter" || phase === "sheriff.succession" ? rulesOf(types) : NONE,
  });
}

/** The rules worth running for this player now (a superset of the legal actions, in index order). */
function rulesFor(index: PhaseRules | undefined, role: RoleId | null, alive: boolean): readonly Rule[] {
  if (index === undefined) return NONE;
  if (!alive) return index.dead;
  const roles = index.roles;
  if (roles === null) return index.living;
  // Indexed, not `for (const [role, rules] of …)`: destructuring a pair iterates it.
  for (let i = 0; i < roles.length; i++) if (roles[i] === role) return index.roleRules[i];
  return NONE;
}

/** The legal entries the rules give; a first entry makes a one-element list (see `emit`, events.ts). */
function listLegal(f: Facts, rules: readonly Rule[]): LegalAction[] {
  let out: LegalAction[] | null = null;
  for (const rule of rules) {
    const r = rule(f);
    if (isEngineError(r)) continue;
    if (out === null) out = [r];
    else out.push(r);
  }
  return out ?? [];
}

export function legalActions(f: Facts & { ended?: boolean }): LegalAction[] {
  if (f.ended || f.phase === "ended" || !f.players.includes(f.me)) return [];
  const rules = rulesFor(PHASE_RULES.get(f.phase), f.myRole, f.alive[f.me] === true);
  return rules.length === 0 ? [] : listLegal(f, rules);
}

/**
 * The legal lists of the last state asked about, by seat. A state is never written into once the
 * step that made it returns (state.ts), so a list worked out for a seat holds for that state: a
 * server's or a bot table's pre-check, the seat's view and `act` share it instead of running the
 * rules three times. One entry, not a WeakMap keyed by state: every step makes a new state, and a
 * WeakMap entry per step doubled the garbage collector's work (measured: bot games 30% slower).
 * It holds one state at most. Callers must not write into the lists. The seat's facts are kept
 * too: its view holds the same fields (view.ts). An entry belongs to the current state when its
 * stamp is the state's generation: a new state clears the cache without allocating.
 */
// Measured (bench:engine instructions, games 1,001–2,000): 2,256,017 per bot game with it, 2,883,690 without.
let lastState: WerewolfState | null = null;
let generation = 0;
let lastIndex: PhaseRules | undefined;
const lists: LegalAction[][] = [];
const listStamps: number[] = [];
const facts: Facts[] = [];
const factStamps: number[] = [];

function forState(s: WerewolfState): void {
  if (s !== lastState) {
    lastState = s;
    generation++;
    lastIndex = PHASE_RULES.get(s.phase);
  }
}

/** `factsOf(s, me)` for a player at `seat` (its index in `s.players`), shared like the legal lists. */
export function factsAt(s: WerewolfState, me: PlayerId, seat: number): Facts {
  forState(s);
  if (factStamps[seat] !== generation) {
    facts[seat] = factsWith(s, me, cardsBySeat(s)[seat]);
    factStamps[seat] = generation;
  }
  return facts[seat];
}

/** `legalActions(factsOf(s, me))`, without building the facts for a seat with nothing to do. */
export const legalFor = (s: WerewolfState, me: PlayerId): LegalAction[] => legalAt(s, me, s.players.indexOf(me));

/** `legalFor` with `me`'s seat (its index in `s.players`, -1 for a stranger) already looked up. */
export function legalAt(s: WerewolfState, me: PlayerId, seat: number): LegalAction[] {
  if (s.phase === "ended" || seat < 0) return [];
  forState(s);
  if (listStamps[seat] !== generation) {
    const rules = rulesFor(lastIndex, cardsBySeat(s)[seat], aliveBySeat(s)[seat]);
    lists[seat] = rules.length === 0 ? [] : listLegal(factsAt(s, me, seat), rules);
    listStamps[seat] = generation;
  }
  return lists[seat];
}

/**
 * `RULES[type](factsOf(s, me))` for the player at `seat`: the shared legal entry if there is one,
 * else the refusal.
 */
export function ruleAt(s: WerewolfState, me: PlayerId, seat: number, type: ActionType): LegalAction | EngineError {
  for (const l of legalAt(s, me, seat)) if (l.type === type) return l;
  return RULES[type](factsAt(s, me, seat));
}

/** The Witch's potions used in this step, one shared frozen value per combination. */
export const TONIGHT = [
  [Object.freeze({ save: false, poison: false }), Object.freeze({ save: false, poison: true })],
  [Object.freeze({ save: true, poison: false }), Object.freeze({ save: true, poison: true })],
] as const;

// What `me` may know of the per-seat facts, one reader each (`factsOf`; views copy the facts).
/** The Hunter's turn is private; the Sheriff's is public. */
const actorSeenBy = (s: WerewolfState, me: PlayerId): PlayerId | null => (s.phase === "hunter" && s.actor !== me ? null : s.actor);

export function witchTargetOf(s: Pick<WerewolfState, "night" | "day">, me: PlayerId): Facts["witchTarget"] {
  const info = s.night.witchInfo;
  return info !== null && info.witch === me ? { day: s.day, target: info.target } : null;
}

export function tonightOf(s: Pick<WerewolfState, "night" | "phase">, myRole: RoleId | null): Facts["tonight"] {
  const n = s.night;
  return myRole === "witch" && s.phase === "night.witch" ? TONIGHT[n.saved ? 1 : 0][n.poison !== null ? 1 : 0] : TONIGHT[0][0];
}

export function lastProtectOf(s: Pick<WerewolfState, "guardLast">, me: PlayerId): Facts["lastProtect"] {
  const g = s.guardLast;
  return g !== null && g.by === me ? { day: g.day, target: g.target } : null;
}

function loversSeenBy(s: WerewolfState, me: PlayerId): Facts["lovers"] {
  return s.lovers !== null && (s.cupid === me || (s.loversTold && s.lovers.includes(me))) ? s.lovers : null;
}

/** The facts of `me` read from the full state: exactly what `me` may know (see view.ts). */
export const factsOf = (s: WerewolfState, me: PlayerId): Facts => factsWith(s, me, s.roles[me] ?? null);

/** The wolves known to a seat that is no wolf: one shared list (frozen: views share it). */
const NO_WOLVES = Object.freeze([]) as unknown as PlayerId[];

/** `factsOf` with `me`'s card already read (by seat: a lookup by player id is a megamorphic load). */
function factsWith(s: WerewolfState, me: PlayerId, myRole: RoleId | null): Facts {
  return {
    ruleset: s.config.ruleset,
    me,
    players: s.players,
    phase: s.phase,
    day: s.day,
    alive: s.alive,
    myRole,
    wolves: myRole === "wolf" ? s.wolves : NO_WOLVES,
    done: s.acted.includes(me),
    myVote: voteOf(s.votes, me),
    ready: s.ready,
    candidates: s.candidates,
    actor: actorSeenBy(s, me),
    potions: myRole === "witch" ? s.potions : null,
    witchTarget: witchTargetOf(s, me),
    tonight: tonightOf(s, myRole),
    lastProtect: lastProtectOf(s, me),
    lovers: loversSeenBy(s, me),
    thiefCards: s.thief === me ? s.middle : null,
  };
}
