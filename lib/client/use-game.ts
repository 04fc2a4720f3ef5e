"use client";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { GameEvent } from "@/lib/game/core/types";
import type { Delivery } from "@/lib/realtime/delivery";
import { api } from "./api";
import { createServerClock, type ServerClock } from "./clock";
import { createGameFeed } from "@/lib/realtime/game-feed";

interface ViewResponse<V> {
  view: V;
  cursor: string;
  serverNow: number;
}

interface EventsResponse {
  events: GameEvent[];
  cursor: string;
  more: boolean;
  serverNow: number;
}

/** A mode's client fold (its `applyEvent`) and what of a view says who may read what (game-feed.ts). */
export interface Fold<V> {
  apply: (view: V, e: GameEvent) => V;
  access: (view: V) => string;
}

/**
 * Loads a mode's fold in the browser once a game is on screen (with the game, not the room page),
 * after zod-jitless: a mode's fold may bring zod, which must be told first that the page's CSP
 * forbids eval. `load` is the mode's (its UI folder), a constant.
 */
export const foldLoader =
  <V>(load: () => Promise<Fold<V>>) =>
  (): Promise<Fold<V>> =>
    import("./zod-jitless").then(load);

/**
 * The caller's view of a game: read whole once (`GET /view`: the server folds exactly the events
 * RLS lets this player read), then kept current by folding in the steps realtime delivers (the
 * writing transaction addressed each to those allowed to read it), reading `GET /events` only after
 * a reconnect or a gap. lib/realtime/game-feed.ts and view-sync.ts say when it reads the whole view
 * again. The browser never holds anything RLS did not give it. Every response also feeds the
 * server clock used by the countdown.
 */
export function useGame<V>(gameId: string | null, loadFold: () => Promise<Fold<V>>) {
  // Keyed by game so a new game never shows the previous one's view for a moment.
  const [state, setState] = useState<{ gameId: string | null; view: V | null; error: unknown }>({ gameId: null, view: null, error: null });
  const [fold, setFold] = useState<Fold<V> | null>(null);
  const [clock] = useState<ServerClock>(createServerClock);
  useEffect(() => {
    if (gameId && !fold) void loadFold().then((f) => setFold(() => f));
  }, [gameId, fold, loadFold]);
  const feed = useMemo(() => {
    if (!gameId || !fold) return null;
    return createGameFeed<V>(gameId, {
      full: async () => {
        const r = await api<ViewResponse<V>>(`/api/games/${gameId}/view`);
        clock.sample(r.serverNow);
        return { view: r.view, cursor: r.cursor };
      },
      page: async (cursor) => {
        const r = await api<EventsResponse>(`/api/games/${gameId}/events?cursor=${encodeURIComponent(cursor)}`);
        clock.sample(r.serverNow);
        return r;
      },
      apply: fold.apply,
      access: fold.access,
      onView: (view) => setState({ gameId, view, error: null }),
      onError: (error) => setState((prev) => (prev.gameId === gameId ? { ...prev, error } : { gameId, view: null, error })),
    });
  }, [gameId, fold, clock]);
  useEffect(() => {
    feed?.refresh();
  }, [feed]);
  const refresh = useCallback(() => feed?.refresh(), [feed]);
  const deliver = useCallback(
    (delivery: Delivery) => {
      if (typeof delivery.serverNow === "number") clock.sample(delivery.serverNow);
      feed?.deliver(delivery);
    },
    [feed, clock],
  );
  const current = state.gameId === gameId ? state : { view: null, error: null };
  return {
    view: current.view,
    error: current.error,
    refresh,
    clock,
    /** Folds a step that realtime delivered (`useRealtime`'s signals that carry one). */
    deliver,
  };
}
