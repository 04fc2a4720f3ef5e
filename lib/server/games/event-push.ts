// The reads behind the realtime stream's opt-in pushed events (docs/realtime.md, "Pushed events"):
// one connection's position in its room's current game, advanced by reads run as that caller
// (shared with the other reads of the same moment, each under its own claims — lib/db/shared-reads).
import type { Claims, Db } from "../../db/types";
import { getSharedReads } from "../../db/shared-reads";
import type { EventsFrame } from "../../realtime/events-frame";
import type { PullResult } from "../../realtime/room-stream";
import { decodeCursor, encodeCursor } from "./cursor";
import { isUuid } from "./rows";
import { roomEventsPage, roomEventsStatement, type RoomEventsPosition } from "./reads";

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
  /** `at`'s cursor as the client holds it: the `from` of the next frame, encoded once. */
  let sent = from ? encodeCursor(from.cursor) : null;
  let announced = from?.game ?? null;
  return async () => {
    const { text, params } = roomEventsStatement(roomId, at);
    const page = roomEventsPage(await shared.query(claims, text, params), at);
    const sameGame = at !== null && at.game === page.game;
    const from = sameGame ? sent : null;
    // An empty read of the same game leaves the cursor as it was.
    const cursor = page.game === null ? null : sameGame && page.events.length === 0 ? sent : encodeCursor(page.cursor);
    at = page.game === null ? null : { game: page.game, cursor: page.cursor, afterId: page.lastId };
    sent = cursor;
    // A frame when there is something new, or the room's game changed (started, reset) — both
    // things a member is told anyway by the room signal that triggered this read.
    const changed = page.game !== announced;
    announced = page.game;
    if (page.events.length === 0 && !changed) return { frame: null, more: false };
    const frame: EventsFrame = {
      game: page.game,
      from,
      events: page.events,
      cursor,
      more: page.more,
      serverNow: Date.now(),
    };
    return { frame, more: page.more };
  };
}
