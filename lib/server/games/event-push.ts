// The reads behind the realtime stream's opt-in pushed events (docs/realtime.md, "Pushed events"):
// one connection's position in its room's current game, advanced by reads run as that caller
// (shared with the other reads of the same moment, each under its own claims — lib/db/shared-reads).
import type { Claims, Db } from "../../db/types";
import { getSharedReads } from "../../db/shared-reads";
import type { PullResult } from "../../realtime/room-stream";
import { decodeCursor, encodeCursor } from "./cursor";
import { isUuid } from "./rows";
import { roomEventsPage, roomEventsStatement, type RoomEventsPosition } from "./reads";

/** What an `events` frame carries (the same events and cursor as `GET /api/games/:id/events`). */
export interface EventsFrame {
  game: string | null;
  /**
   * The cursor these events follow (the previous frame's `cursor`, or the one the stream was opened
   * with), null when they start at the beginning of `game`. A client folds a frame only when it
   * starts where its own view stands (lib/client/game-feed.ts); it learns nothing new from it.
   */
  from: string | null;
  events: unknown[];
  cursor: string | null;
  more: boolean;
  /** Server time when read, for the countdown clock (as on `GET /events`). */
  serverNow: number;
}

/**
 * The client's stated position (`game` + `cursor` query parameters): null = from the start of the
 * room's current game. A malformed cursor is `400 BAD_CURSOR`, as on `GET /events`.
 */
export function pushStart(game: string | null, cursor: string | null): RoomEventsPosition | null {
  if (!game || !isUuid(game)) return null;
  return { game: game.toLowerCase(), cursor: decodeCursor(cursor) };
}

export function createEventPull(db: Db, claims: Claims, roomId: string, from: RoomEventsPosition | null): () => Promise<PullResult> {
  const shared = getSharedReads(db);
  let at = from;
  let announced = from?.game ?? null;
  return async () => {
    const { text, params } = roomEventsStatement(roomId, at);
    const page = roomEventsPage(await shared.query(claims, text, params), at);
    const from = at !== null && at.game === page.game ? encodeCursor(at.cursor) : null;
    at = page.game === null ? null : { game: page.game, cursor: page.cursor, afterId: page.lastId };
    // A frame when there is something new, or the room's game changed (started, reset) — both
    // things a member is told anyway by the room signal that triggered this read.
    const changed = page.game !== announced;
    announced = page.game;
    if (page.events.length === 0 && !changed) return { frame: null, more: false };
    const frame: EventsFrame = {
      game: page.game,
      from,
      events: page.events,
      cursor: page.game === null ? null : encodeCursor(page.cursor),
      more: page.more,
      serverNow: Date.now(),
    };
    return { frame, more: page.more };
  };
}
