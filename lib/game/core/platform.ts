// What the platform around a game — the lobby's settings, the bots, the absence shown in the room —
// asks of a mode beyond playing it (`GameMode`). Every member but `end` is optional: a mode without one gets
// the platform's default (no settings, no bots, nobody absent). The registry (../modes.ts) joins
// a mode's engine and its platform part, so the server never imports a mode.
import type { z } from "zod";
import type { RngState } from "./rng";
import type { GameEvent, PlayerId } from "./types";

/** The lobby's settings of a mode, stored in `rooms.settings` beside `mode`. */
export interface ModeSettings<S extends object = Record<string, unknown>> {
  /** Stored (or older, partial) settings → whole settings, defaults filled in; never fails. */
  read(stored: Record<string, unknown>): S;
  /** A host's change (strict: unknown fields are refused with 400 BAD_REQUEST). */
  patchSchema: z.ZodType<Record<string, unknown>>;
  /** `patch` (parsed by `patchSchema`) applied to `current`. */
  merge(current: S, patch: Record<string, unknown>): S;
}

/** A bot's part: its decisions and the pace of a table of people (lib/server/bots/pace.ts). */
export interface ModeBot<View = unknown> {
  /**
   * The bot's next action from its own folded view (only what RLS lets its seat read), drawing from
   * `rng`; null when it has nothing to do. `persona`: a stable number per bot (its talk style).
   */
  choose(view: View, rng: RngState, persona: number): { type: string } | null;
  /**
   * What of a view decides which events the seat may read (its role, its life, the end): the
   * server's runner keeps a bot's view by folding what realtime delivers, as a browser does, and
   * reads it whole again when this changes (lib/realtime/game-feed.ts).
   */
  access(view: View): string;
  /** Where a bot's first action of `phase` falls, as shares of the phase's length. */
  firstWindow?(phase: string): readonly [number, number];
  /** Whether `action` closes the bot's say in a discussion: held for the late part of the phase. */
  isReady?(action: { type: string }): boolean;
  /** Whether every living person (not in `bots`) has declared ready: then the bots follow soon. */
  peopleReady?(view: View, bots: ReadonlySet<PlayerId>): boolean;
}

/** A seat's missed public turns in a row, and whether it still plays (only the living are absent). */
export interface MissedTurns {
  missed: number;
  alive: boolean;
}

/** How a game of the mode ended, read back from its public end event (the lobby's earlier games). */
export interface ModeEnd {
  /** The type of the public event that ends a game and reveals every role. */
  eventType: string;
  /** Who won, from that event's payload; empty when nobody did (ended by the host). */
  winners(payload: Record<string, unknown>): PlayerId[];
  /** Whether the host ended it (no side won). */
  byHost(payload: Record<string, unknown>): boolean;
}

export interface ModePlatform<View = unknown> {
  settings?: ModeSettings;
  /** The `channel`s of its chat events a client may page through (`GET /games/:id/chat`); the first is the default. */
  chatChannels?: readonly string[];
  bot?: ModeBot<View>;
  /**
   * Missed public turns per player, folded from the game's *public* events only (docs/robustness.md):
   * anything else would tell roles apart.
   */
  missedTurns?(players: readonly PlayerId[], publicEvents: readonly GameEvent[]): Map<PlayerId, MissedTurns>;
  end: ModeEnd;
}
