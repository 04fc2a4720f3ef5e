"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { api, ApiError } from "./api";
import { coalesce } from "./coalesce";
import type { RoomRead, RoomSnapshot } from "./room-types";

export type RoomLoad =
  | { state: "loading" }
  | { state: "missing" }
  | { state: "error"; error: unknown }
  | { state: "ok"; snap: RoomRead };

/** The room snapshot or invite preview (docs/api.md RoomSnapshot); `refresh` is safe to call in bursts. */
export function useRoom(code: string, enabled: boolean) {
  const [load, setLoad] = useState<RoomLoad>({ state: "loading" });
  // A read begun before the latest `set` (a join's own answer) is older than it: dropped, or the
  // invitee would see "Join" again after joining.
  const sets = useRef(0);
  const refresh = useMemo(
    () =>
      coalesce(async () => {
        const at = sets.current;
        try {
          const snap = await api<RoomRead>(`/api/rooms/${code}`);
          if (at === sets.current) setLoad({ state: "ok", snap });
        } catch (e) {
          if (e instanceof ApiError && e.status === 404) setLoad({ state: "missing" });
          else setLoad((prev) => (prev.state === "ok" ? prev : { state: "error", error: e }));
        }
      }),
    [code],
  );
  useEffect(() => {
    if (enabled) refresh();
  }, [enabled, refresh]);
  const set = useCallback((snap: RoomSnapshot) => {
    sets.current++;
    setLoad({ state: "ok", snap });
  }, []);
  return { load, refresh, set };
}
