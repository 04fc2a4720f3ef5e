// The Catch-the-Witch game's data: roles, places, the stored state, actions and a seat's view.
// Plain JSON throughout, so a state survives storage and a scenario's output is stable.
import type { LegalChoice, PlayerId } from "../core/types";
import type { TableState } from "../core/table-state";
import type { ChatLine as CoreChatLine } from "../core/chat";

/** WH-R2. */
export type Role = "witch" | "crow" | "clown" | "villager" | "healer" | "pickpocket" | "guard" | "seer";
/** WH-P3: each location gives one ingredient. */
export type Location = "forest" | "meadow" | "riverbank" | "cave" | "graveyard";
export type Ingredient = "mushroom" | "herb" | "fish" | "crystal" | "bone";
/** A cat is human, a frog (WH-P10) or expelled (WH-P7). */
export type Form = "human" | "frog" | "expelled";
/** WH-P5: Frenzy is passive, so it is not cast. */
export type Spell = "frog_hex" | "blight" | "disguise";
export type Unlock = "blight" | "disguise" | "frenzy";
/** WH-P4: what a member may put into the ritual. */
export type RitualItem = Ingredient | "spoiled" | "nothing";
export type Winner = "village" | "witches" | "clown";
/** WH-P10: the table's chat (public) and the witches' (team `coven`). */
export type ChatChannel = "table" | "coven";

export type ChatLine = CoreChatLine<ChatChannel>;

export type Phase =
  | "start"
  | "day.pick"
  | "day.guard"
  | "day.witch"
  | "evening"
  | "discussion"
  | "proposal"
  | "yesno"
  | "yesno.result"
  | "ritual"
  | "ritual.result"
  | "quarrel"
  | "vote"
  | "vote.result"
  | "ended";

export interface WitchHuntConfig {
  /** WH-P8: "Time limit" on/off. */
  timed: boolean;
  /** Runs every timer faster or slower (tests, simulator); 1 in rooms. */
  timeScale: number;
}

export interface Cast {
  witch: PlayerId;
  spell: Spell;
  target: PlayerId | null;
}

/** Besides core's TableState (seats, RNG, step, outcome, log): */
export interface WitchHuntState extends TableState<WitchHuntConfig, Role, Phase, Winner> {
  form: Record<PlayerId, Form>;
  /** WH-P12: absent until they act again. */
  absent: PlayerId[];
  /** Who has done what the current phase waits for (ready, picked, confirmed, tapped, voted, put). */
  done: PlayerId[];
  /** Oldest card first (WH-P3). */
  hands: Record<PlayerId, Ingredient[]>;
  /** WH-P6: the Crow's single-use Spoiled is still unused. */
  crowSpoiled: boolean;
  seals: number;
  failedRituals: number;
  curse: number;
  required: Ingredient[];
  /** WH-R30: the seat the next Chief is searched from. */
  chiefFrom: number;
  chief: PlayerId | null;
  picks: Record<PlayerId, Location>;
  guarding: boolean;
  guardAt: Location | null;
  heal: PlayerId | null;
  witchAt: Record<PlayerId, Location>;
  casts: Cast[];
  seerUsed: boolean;
  stealUsed: boolean;
  /** WH-P6: the Pickpocket's window closes when the day's first yes/no vote opens. */
  yesnoOpened: boolean;
  proposal: PlayerId[] | null;
  yesno: Record<PlayerId, boolean>;
  passed: boolean;
  puts: Record<PlayerId, RitualItem>;
  votes: Record<PlayerId, PlayerId | null>;
}

export type WitchHuntAction =
  | { type: "ready" }
  | { type: "ok" }
  | { type: "pick"; location: Location }
  | { type: "guard" }
  | { type: "guard_location"; location: Location }
  | { type: "heal"; target: PlayerId }
  | { type: "witch_location"; location: Location }
  | { type: "cast"; spell: Spell; target?: PlayerId }
  | { type: "end_discussion" }
  | { type: "inspect"; target: PlayerId }
  | { type: "steal"; target: PlayerId }
  | { type: "propose"; members: PlayerId[] }
  | { type: "approve"; yes: boolean }
  | { type: "put"; item: Ingredient | "spoiled" }
  | { type: "vote"; target: PlayerId | null }
  | { type: "mark_absent"; player: PlayerId }
  | { type: "chat"; channel: ChatChannel; text: string };

export type ActionType = WitchHuntAction["type"];

/** One legal action with its allowed choices (`GameMode.legalActions`). */
export interface WitchHuntLegal extends LegalChoice {
  type: ActionType;
  locations?: Location[];
  targets?: (PlayerId | null)[];
  spells?: { spell: Spell; targets: PlayerId[] | null }[];
  items?: (Ingredient | "spoiled")[];
  /** `propose`: how many members. */
  size?: number;
}

export interface BallotRecord {
  day: number;
  ballot: Record<PlayerId, PlayerId | null>;
  expelled: PlayerId | null;
}

export interface YesNoRecord {
  day: number;
  chief: PlayerId;
  members: PlayerId[];
  yes: PlayerId[];
  no: PlayerId[];
  passed: boolean;
}

/** What one seat may know: built only by folding the events it can read. */
export interface WitchHuntView {
  me: PlayerId;
  players: PlayerId[];
  role: Role | null;
  /** The witches, for a witch or the Crow (WH-P5, WH-P6). */
  witches: PlayerId[];
  phase: Phase;
  day: number;
  deadline: number | null;
  timed: boolean;
  open: Location[];
  required: Ingredient[];
  form: Record<PlayerId, Form>;
  absent: PlayerId[];
  done: PlayerId[];
  hand: Ingredient[];
  crowSpoiled: boolean;
  myPick: Location | null;
  /** The Healer's frog for today. */
  heal: PlayerId | null;
  guarding: boolean;
  /** Cats per location: the guarding Guard's and the witches' dialog (WH-R42). */
  counts: Partial<Record<Location, number>> | null;
  /** A witch's own location this day and who is there (WH-P5). */
  myLocation: Location | null;
  here: PlayerId[];
  /** Today's witch locations and spells, for the witches (WH-R22; team `coven`). */
  witchAt: Partial<Record<PlayerId, Location>>;
  casts: Cast[];
  hexUsed: number;
  seals: number;
  failedRituals: number;
  curse: number;
  unlocked: Unlock[];
  chief: PlayerId | null;
  proposal: PlayerId[] | null;
  yesnoResults: YesNoRecord[];
  myYes: boolean | null;
  myVote: PlayerId | null | undefined;
  /** What this seat put into today's ritual (WH-R35). */
  myPut: RitualItem | null;
  /** Today's Seer check / theft already used, and whether the day's first yes/no vote has opened (WH-P6). */
  seerUsed: boolean;
  stealUsed: boolean;
  yesnoOpened: boolean;
  ballots: BallotRecord[];
  ritualResults: { day: number; success: boolean | null }[];
  seerResults: Record<PlayerId, boolean>;
  stolen: number;
  frogNews: { day: number; frogged: PlayerId[]; restored: PlayerId[] }[];
  /** The chat lines this seat may read, every day (WH-P10). */
  chat: ChatLine[];
  winner: Winner | null;
  endReason: string | null;
  roles: Record<PlayerId, Role> | null;
  score: number | null;
}
