"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import type { GameEvent } from "@/lib/game/core/types";
import type { WerewolfView } from "@/lib/game/werewolf/types";
import { api } from "./api";
import { coalesce } from "./coalesce";
import { createServerClock, type ServerClock } from "./clock";
import { syncView, type Synced } from "./view-sync";

interface ViewResponse {
  view: WerewolfView;
  cursor: string;
  serverNow: number;
}

interface EventsResponse {
  events: GameEvent[];
  cursor: string;
  more: boolean;
  serverNow: number;
}

/** What the events policy reads a werewolf viewer by: team audiences need a living wolf; the end opens all. */
export const viewerAccess = (v: WerewolfView): string => `${v.ended}:${v.myRole}:${v.alive[v.me] === true}`;

/** The fold runs in the browser once a game is on screen: loaded with the game, not the room page. */
const loadFold = () => import("@/lib/game/werewolf/view").then((m) => m.applyEvent);

/**
 * The caller's view of a game: read whole once (`GET /view`: the server folds exactly the events
 * RLS lets this player read), then kept current by folding in only the events after its cursor
 * (`GET /events`; lib/client/view-sync.ts says when it reads the whole view again). The browser
 * never holds anything RLS did not give it. Every response also feeds the server clock used by
 * the countdown.
 */
export function useGame(gameId: string | null) {
  // Keyed by game so a new game never shows the previous one's view for a moment.
  const [state, setState] = useState<{ gameId: string | null; view: WerewolfView | null; error: unknown }>({ gameId: null, view: null, error: null });
  const [clock] = useState<ServerClock>(createServerClock);
  const synced = useRef<{ gameId: string; at: Synced<WerewolfView> } | null>(null);
  const refresh = useMemo(
    () =>
      coalesce(async () => {
        if (!gameId) return;
        const base = synced.current?.gameId === gameId ? synced.current.at : null;
        try {
          const apply = await loadFold();
          const at = await syncView(base, {
            full: async () => {
              const r = await api<ViewResponse>(`/api/games/${gameId}/view`);
              clock.sample(r.serverNow);
              return { view: r.view, cursor: r.cursor };
            },
            page: async (cursor) => {
              const r = await api<EventsResponse>(`/api/games/${gameId}/events?cursor=${encodeURIComponent(cursor)}`);
              clock.sample(r.serverNow);
              return r;
            },
            apply,
            access: viewerAccess,
          });
          synced.current = { gameId, at };
          setState({ gameId, view: at.view, error: null });
        } catch (e) {
          // The next refresh starts over from a whole read (a refused cursor, a game that changed).
          synced.current = null;
          setState((prev) => (prev.gameId === gameId ? { ...prev, error: e } : { gameId, view: null, error: e }));
        }
      }),
    [gameId, clock],
  );
  useEffect(() => {
    refresh();
  }, [refresh]);
  const current = state.gameId === gameId ? state : { view: null, error: null };
  return { view: current.view, error: current.error, refresh, clock };
}
