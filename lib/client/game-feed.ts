// One player's view of one game, kept current from whichever source has the events: the embedded
// realtime stream's pushed `events` frames (docs/realtime.md, "Pushed events": the server reads
// what is new as this player after each of its signals) or, without them, `GET /events` after each
// signal (lib/client/view-sync.ts). Pushed frames save the server one HTTP request per member per
// action (docs/performance.md, "Load").
//
// A frame is folded only when it starts where the view stands (`frame.from === cursor`). The
// stream keeps its own position, so whenever the view moves by another read — the first whole
// read, a whole read after an access change, a pull — the two can part. Then the view is brought
// up to date by a pull, and if the stream stands elsewhere it is reopened where the view stands
// (`onAnchor`): the next frame starts there. Every step runs one at a time, in arrival order.
import type { EventsFrame } from "@/lib/realtime/events-frame";
import { foldPage, syncView, type Synced, type SyncDeps } from "./view-sync";

export type { EventsFrame };

/** Where the pushed stream should start: this game, after this cursor. */
export interface StreamAnchor {
  game: string;
  cursor: string;
}

export interface GameFeedDeps<V> extends SyncDeps<V> {
  onView(view: V): void;
  onError(error: unknown): void;
  /** The stream stands elsewhere than the view: reopen it at `anchor`. */
  onAnchor(anchor: StreamAnchor): void;
}

export interface GameFeed {
  /** Brings the view up to date by reading (first load, heartbeat, a signal without pushed frames). */
  refresh(): void;
  /** A pushed frame (frames of another game are ignored: the room read moves to that game). */
  frame(frame: EventsFrame): void;
  /** Settles when every step queued so far has run (tests). */
  idle(): Promise<void>;
}

export function createGameFeed<V>(gameId: string, deps: GameFeedDeps<V>): GameFeed {
  let at: Synced<V> | null = null;
  /** Where the stream stands as far as this feed knows (its anchor, then its last frame's cursor). */
  let streamAt: string | null = null;
  let chain: Promise<void> = Promise.resolve();
  let refreshQueued = false;

  const run = (step: () => Promise<void>) => {
    chain = chain.then(step).catch((error: unknown) => {
      // The next step starts over from a whole read (a refused cursor, a game that changed).
      at = null;
      deps.onError(error);
    });
  };

  /** A view reached by reading: publish it, and move the stream to it if it stands elsewhere. */
  const settle = (next: Synced<V>) => {
    at = next;
    deps.onView(next.view);
    if (next.cursor !== streamAt) {
      streamAt = next.cursor;
      deps.onAnchor({ game: gameId, cursor: next.cursor });
    }
  };

  return {
    refresh() {
      if (refreshQueued) return;
      refreshQueued = true;
      run(async () => {
        refreshQueued = false;
        settle(await syncView(at, deps));
      });
    },
    frame(frame) {
      if (frame.game !== gameId || typeof frame.cursor !== "string" || !Array.isArray(frame.events)) return;
      const cursor = frame.cursor;
      run(async () => {
        streamAt = cursor;
        if (at !== null && frame.from === at.cursor) {
          const folded = foldPage(at, { events: frame.events, cursor, more: frame.more }, deps);
          if (folded !== null) {
            at = folded;
            deps.onView(folded.view);
            return;
          }
          return settle(await deps.full());
        }
        // Out of step (the view moved by a read, or the stream reopened at an older anchor).
        settle(await syncView(at, deps));
      });
    },
    idle: () => chain,
  };
}
