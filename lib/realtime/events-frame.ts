// The `events` frame of an `events=1` realtime stream (docs/api.md, "Pushed events"): written by
// the server (lib/server/games/event-push.ts), folded by the browser (lib/client/game-feed.ts).
import type { GameEvent } from "@/lib/game/core/types";

export interface EventsFrame {
  /** The room's current game as the reader sees it; null after a reset. */
  game: string | null;
  /**
   * The cursor these events follow (the previous frame's `cursor`, or the one the stream was opened
   * with), null when they start at the beginning of `game`. A client folds a frame only when it
   * starts where its own view stands; it learns nothing new from it.
   */
  from: string | null;
  /** Exactly what `GET /api/games/:game/events?cursor=<from>` returns to the reader. */
  events: GameEvent[];
  cursor: string | null;
  more: boolean;
  /** Server time when read, for the countdown clock (as on `GET /events`). */
  serverNow: number;
}
