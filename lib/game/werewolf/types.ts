// Types of the werewolf mode (both rulesets). State is plain JSON: it is stored as jsonb and
// copied shallowly per step, so every field is a primitive, array or record.
import type { GameEvent, PlayerId } from "../core/types";
import type { RngState } from "../core/rng";

export type Ruleset = "standard" | "classic";

export type RoleId =
  | "wolf"
  | "seer"
  | "guard"
  | "witch"
  | "hunter"
  | "villager"
  | "thief"
  | "cupid"
  | "little_girl";

/** Roles the classic host may add (C-SETUP-1); the Sheriff is an election, not a card. */
export type OptionalRole = "thief" | "hunter" | "cupid" | "witch" | "little_girl";

export type NightPhase = "night.thief" | "night.cupid" | "night.lovers" | "night.main" | "night.witch";
export type PhaseId =
  | NightPhase
  | "hunter"
  | "day"
  | "sheriff.election"
  | "sheriff.succession"
  | "vote"
  | "ended";

export type Winner = "village" | "wolves" | "lovers" | "draw";

export interface WerewolfConfig {
  ruleset: Ruleset;
  /** Day discussion length in seconds (S-FLOW-3). */
  dayLength: number;
  /** Classic optional roles (C-SETUP-1); always empty in standard. */
  roles: OptionalRole[];
  sheriff: boolean;
  tieRevote: boolean;
  endAtParity: boolean;
  /** Multiplies every duration (tests, simulator); 1 in real rooms. */
  timeScale: number;
}

export type WerewolfAction =
  | { type: "bite"; target: PlayerId }
  | { type: "inspect"; target: PlayerId }
  | { type: "protect"; target: PlayerId }
  | { type: "save" }
  | { type: "poison"; target: PlayerId }
  | { type: "skip" }
  | { type: "shoot"; target: PlayerId }
  | { type: "chat"; channel: "day" | "wolves"; text: string }
  | { type: "ready_to_vote" }
  | { type: "vote"; target: PlayerId }
  | { type: "steal"; card: 0 | 1 }
  | { type: "link"; targets: [PlayerId, PlayerId] }
  | { type: "peek" }
  | { type: "pass_badge"; target: PlayerId };

export type ActionType = WerewolfAction["type"];

/** The actions that name one player from the legal entry's `targets`. */
export type TargetedActionType = Extract<WerewolfAction, { target: PlayerId }>["type"];

const TARGETED: ReadonlySet<ActionType> = new Set<TargetedActionType>(["bite", "inspect", "protect", "poison", "shoot", "vote", "pass_badge"]);

export const isTargeted = (type: ActionType): type is TargetedActionType => TARGETED.has(type);

export interface Pick {
  by: PlayerId;
  target: PlayerId;
}

/** Facts of the current (or, by day, the last) night. Reset when a new night begins. */
export interface NightState {
  picks: Pick[];
  /** Wolves' target, fixed when night.main ends (S-WOLF-1). */
  target: PlayerId | null;
  inspect: { by: PlayerId; target: PlayerId; result: string } | null;
  protect: PlayerId | null;
  saved: boolean;
  poison: PlayerId | null;
  /** What the Witch was told at the start of night.witch, if anything (S-WITCH-2). */
  witchInfo: { witch: PlayerId; target: PlayerId | null } | null;
  /** The Little Girl who peeked this night (C-GIRL-1) and whether she was caught. */
  peeker: PlayerId | null;
  caught: boolean;
}

export interface ChatRecord {
  /** The line as its readers see it (views share this object instead of copying it per call). */
  line: ChatLine;
  /** Little Girl who was peeking when a wolf message was sent (gets an anonymised copy). */
  peeker: PlayerId | null;
}

export interface DeathRecord {
  day: number;
  when: "dawn" | "vote" | "shot" | "lovers";
  players: PlayerId[];
  /** Classic reveals the cards of the dead (C-REVEAL-1). */
  roles?: Record<PlayerId, RoleId>;
}

export type VoteKind = "vote" | "revote" | "sheriff";

export interface TallyRecord {
  day: number;
  kind: VoteKind;
  votes: Record<PlayerId, PlayerId>;
  counts: Record<PlayerId, number>;
  /** Eliminated player (vote) or elected Sheriff (sheriff), null when nobody. */
  result: PlayerId | null;
  tied: PlayerId[];
}

export interface Pending {
  kind: "shot" | "badge";
  player: PlayerId;
}

export interface WerewolfState {
  config: WerewolfConfig;
  players: PlayerId[];
  /** The public count of each card (S-START-2, C-SETUP-1), as announced at the start. */
  composition: Partial<Record<RoleId, number>>;
  roles: Record<PlayerId, RoleId>;
  /** The wolves in seat order, kept with `roles` (only the Thief's card changes a role). */
  wolves: PlayerId[];
  alive: Record<PlayerId, boolean>;
  rng: RngState;
  phase: PhaseId;
  /** Night N and the following day/vote are round N. */
  day: number;
  deadline: number | null;
  /** Who may be voted for in a re-vote (C-VOTE-1). */
  candidates: PlayerId[] | null;
  /** The publicly known actor of hunter / sheriff.succession. */
  actor: PlayerId | null;
  /** Per-phase: who has finished acting (P-4). */
  acted: PlayerId[];
  ready: PlayerId[];
  /** Per-phase votes in the order cast. */
  votes: Pick[];
  /** Tally being re-voted after a tie (C-VOTE-1); re-vote happens once per round. */
  revote: boolean;
  night: NightState;
  potions: { save: boolean; poison: boolean };
  guardLast: { by: PlayerId; day: number; target: PlayerId } | null;
  seerLog: { by: PlayerId; day: number; target: PlayerId; result: string }[];
  lovers: [PlayerId, PlayerId] | null;
  /** The lovers have been told (night.lovers has begun). */
  loversTold: boolean;
  cupid: PlayerId | null;
  /** A Little Girl the wolves caught peeking: they know her for the rest of the game. */
  girlCaught: PlayerId | null;
  /**
   * The wolves told she was caught (those alive then), in seat order: the dead keep it (S-DEATH-1).
   * Absent from states stored before it was kept: read it through `toldOfGirl` (roles.ts).
   */
  girlKnownBy?: PlayerId[];
  thief: PlayerId | null;
  middle: RoleId[] | null;
  sheriff: PlayerId | null;
  pending: Pending[];
  /** Where play goes once deaths, shots and succession are resolved. */
  then: "day" | "night";
  chat: ChatRecord[];
  /** Times of each seat's recent messages (S-CHAT-5), indexed by seat. */
  chatTimes: number[][];
  deaths: DeathRecord[];
  tallies: TallyRecord[];
  /** Audience-"end" events, in order: the results timeline (S-END-1). */
  timeline: GameEvent[];
  winner: Winner | null;
  winners: PlayerId[];
  /** The host who ended the game with no winner (issue 22 item 7); absent otherwise. */
  endedBy?: PlayerId;
}

/**
 * An action a player may take now, with whom it may name: player ids in views and the rules, seat
 * numbers in the bots' input (`Seat`, seat.ts). An entry that names nobody is both.
 */
export interface LegalOf<T> {
  type: ActionType;
  targets?: T[];
  cards?: number[];
  channel?: "day" | "wolves";
}
export type LegalAction = LegalOf<PlayerId>;
/** An entry without targets: the same object serves a list by id and a list by seat. */
export type Untargeted = LegalOf<never>;

/**
 * What decides which actions a player may take now. The view carries exactly these fields, so the
 * same rules (legal.ts) drive the engine's validation and the UI's choices.
 */
export interface Facts {
  ruleset: Ruleset;
  me: PlayerId;
  players: PlayerId[];
  phase: PhaseId;
  day: number;
  alive: Record<PlayerId, boolean>;
  myRole: RoleId | null;
  /** Wolves known to `me` (all wolves when `me` is one). */
  wolves: PlayerId[];
  done: boolean;
  myVote: PlayerId | null;
  ready: PlayerId[];
  candidates: PlayerId[] | null;
  actor: PlayerId | null;
  potions: { save: boolean; poison: boolean } | null;
  witchTarget: { day: number; target: PlayerId | null } | null;
  tonight: { save: boolean; poison: boolean };
  lastProtect: { day: number; target: PlayerId } | null;
  lovers: [PlayerId, PlayerId] | null;
  thiefCards: RoleId[] | null;
}

export interface ChatLine {
  day: number;
  channel: "day" | "wolves";
  /** A player id, or "Wolf N" in the Little Girl's copies. */
  from: string;
  text: string;
  at: number;
}

export interface WerewolfView extends Facts {
  /** The public setup: how many of each card are in the deck. */
  composition: Partial<Record<RoleId, number>>;
  deadline: number | null;
  ended: boolean;
  winner: Winner | null;
  winners: PlayerId[];
  /** The host who ended the game with no winner, or null. */
  endedBy: PlayerId | null;
  /** Roles this player knows: own, fellow wolves, classic reveals, everyone at the end. */
  roles: Record<PlayerId, RoleId>;
  sheriff: PlayerId | null;
  seerResults: { day: number; target: PlayerId; result: string }[];
  /** Wolf picks of the current night: by wolf id (wolves) or "Wolf N" (peeking Little Girl). */
  wolfPicks: { by: string; target: PlayerId }[];
  /** S-VOTE-6: who has voted in the open vote or election, in seat order (never for whom). */
  voters: PlayerId[];
  chat: ChatLine[];
  deaths: DeathRecord[];
  tallies: TallyRecord[];
  timeline: GameEvent[];
  legal: LegalAction[];
}
