// The Werewolf card game's data (rules: ../shared/rules/card-werewolf.md): roles, cards, tokens,
// the stored state, actions and a seat's view. Plain JSON throughout, so a state survives storage
// and a scenario's output is stable.
import type { LegalChoice, PlayerId } from "../core/types";
import type { TableState } from "../core/table-state";
import type { ChatLine as CoreChatLine } from "../core/chat";

/** CW-R1, CW-R2. */
export type Role = "villager" | "werewolf" | "angel" | "traitor";
/** CW-P2: the Day deck's cards. */
export type CardKind = "vote" | "mayor" | "wolf_ring" | "silver_dagger" | "guard" | "ban" | "seer" | "curse" | "witch";
/** One physical Day card: its id stays with it through every shuffle (hands, plays, discards). */
export interface Card {
  id: number;
  kind: CardKind;
}
/** CW-R2, CW-R7: the Howling Wolf lies in the Day deck but is no playable card. */
export const HOWLING_WOLF = "howling_wolf";
export type DeckEntry = Card | typeof HOWLING_WOLF;
/** CW-R3, CW-P2: sun/moon cards are played in front of a player; no-icon cards go to the discard pile. */
export type Icon = "sun" | "moon" | "none";
/** CW-R37, CW-R38. */
export type Moon = "crescent" | "full";
/** CW-R26. */
export type NightCard = "safe" | "claw";
/** CW-R40: what a viewed player hands over in the advanced game. */
export type IdentityToken = "villager" | "werewolf";
export type AngelKind = "none" | "basic" | "powerful";
export type Winner = "village" | "werewolves";
export type DeathCause = "votes" | "execution" | "witch" | "claw";

/** CW-P11: the table's chat (public, living players) and the Werewolf team's (team `werewolves`, Identification only). */
export type ChatChannel = "table" | "wolves";

export type ChatLine = CoreChatLine<ChatChannel>;

export type Phase = "identify" | "identify.wolves" | "identify.angel" | "day" | "day.seer" | "night" | "ended";

export interface CardWerewolfConfig {
  /** CW-R39, CW-R44, CW-R45: the Angel (7+ players), basic or powerful. */
  angel: AngelKind;
  /** CW-R39, CW-R41: the Traitor (7+ players). */
  traitor: boolean;
  /** Runs every timer faster or slower (tests, simulator); 1 in rooms. */
  timeScale: number;
}

/** Besides core's TableState (seats, RNG, step, outcome, log): */
export interface CardWerewolfState extends TableState<CardWerewolfConfig, Role, Phase, Winner> {
  alive: Record<PlayerId, boolean>;
  /** CW-R11, CW-P6: the random caller who plays first. */
  caller: PlayerId;
  /** Whose turn it is (day, day.seer). */
  turn: PlayerId | null;
  /** Top of the Day deck first. */
  deck: DeckEntry[];
  hands: Record<PlayerId, Card[]>;
  /** CW-R14: sun/moon cards lying in front of each player this Day. */
  front: Record<PlayerId, Card[]>;
  discard: Card[];
  /** CW-R35: Seer cards played with effect (out of the game). */
  box: Card[];
  /** CW-R18, CW-P3. */
  votes: Record<PlayerId, number>;
  moons: Record<PlayerId, Moon>;
  /** CW-P2 Curse, CW-P3: seat order. */
  cursed: PlayerId[];
  /** CW-P2 Ban: players whose next turn is skipped. */
  banned: PlayerId[];
  /** CW-R36: who holds the Seer power now (day.seer). */
  seer: PlayerId | null;
  /** CW-R26: this Night's cards. */
  night: Record<PlayerId, NightCard>;
  /** CW-R23, CW-P6: the first eliminated player. */
  gm: PlayerId | null;
  /** CW-P5: the most recent death of this Day (Daytime and Night), and who revealed the Howling Wolf. */
  lastDeath: PlayerId | null;
  howler: PlayerId | null;
  /** CW-P9: the Werewolves' choice for the Powerful Angel. */
  pointed: PlayerId | null;
}

export type CardWerewolfAction =
  | { type: "play"; card: number; target?: PlayerId }
  | { type: "view"; target: PlayerId }
  | { type: "look"; target: PlayerId }
  | { type: "point"; target: PlayerId }
  | { type: "chat"; channel: ChatChannel; text: string };

/** The rules' actions (legal.ts); chat is judged apart (chat.ts). */
export type ActionType = Exclude<CardWerewolfAction["type"], "chat">;

/** One card of the hand and where it may go; `targets: []` = it can only be cancelled (CW-P10). */
export interface PlayOption {
  card: number;
  targets: PlayerId[];
}

/** One legal action with its allowed choices (`GameMode.legalActions`). */
export interface CardWerewolfLegal extends LegalChoice {
  type: ActionType;
  plays?: PlayOption[];
  targets?: PlayerId[];
}

export interface SeerResult {
  day: number;
  target: PlayerId;
  /** The role (basic game) or the Identity token (advanced game, CW-R40, CW-P8). */
  seen: Role | IdentityToken;
}

export interface NightRecord {
  day: number;
  died: PlayerId | null;
}

/** What one seat may know: built only by folding the events it can read. */
export interface CardWerewolfView {
  me: PlayerId;
  players: PlayerId[];
  role: Role | null;
  config: CardWerewolfConfig | null;
  /** CW-R10, CW-R41: the Werewolf team, for its members. */
  wolves: PlayerId[];
  traitor: PlayerId | null;
  /** CW-R44, CW-R45, CW-P9: what the Angel learnt. */
  angelKnows: { player: PlayerId; role: Role | null; team: "werewolves" | null } | null;
  caller: PlayerId | null;
  phase: Phase;
  day: number;
  deadline: number | null;
  turn: PlayerId | null;
  seer: PlayerId | null;
  alive: Record<PlayerId, boolean>;
  hand: Card[];
  front: Record<PlayerId, Card[]>;
  votes: Record<PlayerId, number>;
  /** Votes each player has given each target, over the whole game (public plays). */
  given: Record<PlayerId, Record<PlayerId, number>>;
  discard: Card[];
  boxed: number;
  moons: Record<PlayerId, Moon>;
  cursed: PlayerId[];
  banned: PlayerId[];
  howled: boolean;
  seerResults: SeerResult[];
  nightCard: NightCard | null;
  nights: NightRecord[];
  gm: PlayerId | null;
  /** CW-R23: the GM's record of later dead players' roles. */
  deadRoles: Record<PlayerId, Role>;
  winner: Winner | null;
  endReason: string | null;
  roles: Record<PlayerId, Role> | null;
  /** The chat lines this seat may read (CW-P11). */
  chat: ChatLine[];
}
