"use client";
import { useEffect, useState } from "react";
import { api } from "./api";
import { secondsLeft, type ServerClock } from "./clock";

/** Whole seconds left until `deadline` on the server's clock; null when nothing is timed. */
export function useCountdown(deadline: number | null, clock: ServerClock): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const update = () => setNow(clock.now());
    update();
    const id = setInterval(update, 250);
    return () => clearInterval(id);
  }, [clock, deadline]);
  return deadline === null || now === null ? null : secondsLeft(deadline, now);
}

/**
 * When the countdown reaches zero, nudge the server (`POST /tick`, idempotent) and refetch; keep
 * nudging every 2 s while the view still shows the same deadline (design §5: clients help the
 * server's own scheduler, they never decide).
 */
export function useDeadlineTick(gameId: string, deadline: number | null, left: number | null, ended: boolean, refresh: () => void) {
  const due = !ended && deadline !== null && left === 0;
  useEffect(() => {
    if (!due) return;
    let stopped = false;
    const nudge = () =>
      api(`/api/games/${gameId}/tick`, "POST", {})
        .catch(() => undefined)
        .then(() => !stopped && refresh());
    void nudge();
    const id = setInterval(nudge, 2000);
    return () => {
      stopped = true;
      clearInterval(id);
    };
  }, [due, gameId, deadline, refresh]);
}
