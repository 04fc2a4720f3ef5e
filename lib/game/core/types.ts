// The contract every game mode implements. The server, the phase-advance function, bots, the
// simulator and the scenario CLI only ever talk to a mode through these types.
import type { z } from "zod";

export type PlayerId = string;

/**
 * Who may read an event. The database stores the same audience (as `audienceKey`) and its
 * row-level-security policies implement `canSee` below, so engine and database agree.
 * - public: every member of the room.
 * - player: that player only (own role, seer result, ...).
 * - team: the *living* members of the team at read time (wolf chat and picks: a wolf who dies
 *   loses access, S-CHAT-3).
 * - end: nobody until the game has ended.
 * After the game has ended every event is visible to every member (S-END-1).
 */
export type Audience =
  | { kind: "public" }
  | { kind: "player"; player: PlayerId }
  | { kind: "team"; team: string }
  | { kind: "end" };

/** Events are plain JSON: `type` plus fields. `at` is the engine time (ms) the event happened. */
export interface GameEvent {
  type: string;
  audience: Audience;
  at: number;
  [field: string]: unknown;
}

export type ErrorCode =
  | "BAD_ACTION"
  | "WRONG_PHASE"
  | "NOT_YOUR_TURN"
  | "NOT_ALIVE"
  | "NOT_A_PLAYER"
  | "INVALID_TARGET"
  | "ALREADY_ACTED"
  | "NO_POTION"
  | "RATE_LIMITED"
  | "GAME_ENDED"
  | "BAD_CONFIG"
  | "BAD_PLAYER_COUNT"
  | "NOT_HOST";

export interface EngineError {
  code: ErrorCode;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: EngineError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = <T = never>(code: ErrorCode, message: string): Result<T> => ({
  ok: false,
  error: { code, message },
});

/** Time comes in through the context; randomness comes from the seeded RNG stored in the state. */
export interface Ctx {
  now: number;
  /** Current room host, for host-only actions (e.g. marking a player absent in later modes). */
  hostId?: PlayerId;
}

export interface SetupCtx {
  now: number;
  /** 32-bit seed from a CSPRNG (server) or from the scenario file. */
  seed: number;
}

export interface Step<S> {
  state: S;
  events: GameEvent[];
}

/** Public facts about the game the lobby and the `games` table show. */
export interface GameStatus {
  phase: string;
  day: number;
  /** ms epoch of the current phase's deadline, null when nothing is timed (ended, or waits for all). */
  deadline: number | null;
  ended: boolean;
  winner: string | null;
}

/** Per-seat facts the database needs for RLS (`role`/`teams` are secret, `alive` is public). */
export interface SeatInfo {
  player: PlayerId;
  seat: number;
  alive: boolean;
  role: string;
  teams: string[];
}

export interface GameMode<Config, State, Action extends { type: string }, View> {
  id: string;
  /** Room settings → validated config (defaults filled in). */
  configSchema: z.ZodType<Config>;
  /** Shape of one action; legality is `act`'s job. */
  actionSchema: z.ZodType<Action>;
  /** Why these players can't start with this config, or ok. */
  canStart(config: Config, players: PlayerId[]): Result<true>;
  setup(
    config: Config,
    players: PlayerId[],
    ctx: SetupCtx,
    fixedRoles?: Record<PlayerId, string>,
  ): Result<Step<State>>;
  act(state: State, actor: PlayerId, action: Action, ctx: Ctx): Result<Step<State>>;
  /** Called at (or after) the current deadline; returns the state unchanged when nothing is due. */
  advance(state: State, ctx: Ctx): Step<State>;
  status(state: State): GameStatus;
  seats(state: State): SeatInfo[];
  /** What `player` may know now. Must equal `foldView` over the events `canSee` lets them read. */
  viewFor(state: State, player: PlayerId): View;
  initialView(player: PlayerId, players: PlayerId[]): View;
  applyEvent(view: View, event: GameEvent): View;
  /**
   * Additive (optional): the actions `player` may take now, each with its allowed choices — what
   * bots, the simulator and generic UIs offer without knowing the mode. Optional so modes written
   * before it still satisfy the contract.
   */
  legalActions?(state: State, player: PlayerId): LegalChoice[];
  /**
   * Additive (optional): the room's host (`ctx.hostId`, checked by the server) ends the running
   * game at once with no winner; every role is then revealed as at any end (S-END-1).
   */
  endByHost?(state: State, ctx: Ctx): Result<Step<State>>;
}

/** One legal action kind; modes add its allowed arguments (targets, cards, channel...). */
export interface LegalChoice {
  type: string;
}

// Fit for the later modes (rules/witch-hunt.md, rules/card-werewolf.md), checked against this
// contract without changing it:
// - turn-based card play, location picks, proposals and yes/no votes are ordinary actions; a mode
//   may accept changed picks/votes (witch hunt) where werewolf makes them final;
// - phases that wait for every player have `deadline: null`; the host's "absent" override is an
//   action by `ctx.hostId`, and the random choice it implies comes from the seeded RNG in the state;
// - per-seat secrets (hands, night cards, seer tokens, the GM's view of dead roles) are player or
//   team events; `seats().teams` may change during a game (frogs, the GM) and visibility follows.

/** The one visibility rule, mirrored by the SQL function `app.can_read_event`. */
export function canSee(
  audience: Audience,
  viewer: { player: PlayerId; alive: boolean; teams: readonly string[] },
  ended: boolean,
): boolean {
  if (ended) return true;
  switch (audience.kind) {
    case "public":
      return true;
    case "player":
      return audience.player === viewer.player;
    case "team":
      return viewer.alive && viewer.teams.includes(audience.team);
    case "end":
      return false;
  }
}

/** Stable string form stored in the database (`game_events.audience`). */
export function audienceKey(audience: Audience): string {
  switch (audience.kind) {
    case "public":
      return "public";
    case "end":
      return "end";
    case "player":
      return `player:${audience.player}`;
    case "team":
      return `team:${audience.team}`;
  }
}
