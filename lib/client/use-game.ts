"use client";
import { useEffect, useMemo, useState } from "react";
import type { WerewolfView } from "@/lib/game/werewolf/types";
import { api } from "./api";
import { coalesce } from "./coalesce";
import { createServerClock, type ServerClock } from "./clock";

interface ViewResponse {
  view: WerewolfView;
  cursor: unknown;
  serverNow: number;
}

/**
 * The caller's folded view from `GET /api/games/:id/view`: the server folds exactly the events RLS
 * lets this player read, so the browser never holds anything else. Every response also feeds the
 * server clock used by the countdown.
 */
export function useGame(gameId: string | null) {
  // Keyed by game so a new game never shows the previous one's view for a moment.
  const [state, setState] = useState<{ gameId: string | null; view: WerewolfView | null; error: unknown }>({ gameId: null, view: null, error: null });
  const [clock] = useState<ServerClock>(createServerClock);
  const refresh = useMemo(
    () =>
      coalesce(async () => {
        if (!gameId) return;
        try {
          const r = await api<ViewResponse>(`/api/games/${gameId}/view`);
          clock.sample(r.serverNow);
          setState({ gameId, view: r.view, error: null });
        } catch (e) {
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
