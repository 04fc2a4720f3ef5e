"use client";
import { useCallback, useEffect, useMemo, useState } from "react";
import { api, ApiError } from "./api";
import { coalesce } from "./coalesce";
import type { RoomSnapshot } from "./room-types";

export type RoomLoad =
  | { state: "loading" }
  | { state: "missing" }
  | { state: "error"; error: unknown }
  | { state: "ok"; snap: RoomSnapshot };

/** The room snapshot (docs/api.md RoomSnapshot); `refresh` is safe to call in bursts. */
export function useRoom(code: string, enabled: boolean) {
  const [load, setLoad] = useState<RoomLoad>({ state: "loading" });
  const refresh = useMemo(
    () =>
      coalesce(async () => {
        try {
          setLoad({ state: "ok", snap: await api<RoomSnapshot>(`/api/rooms/${code}`) });
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
  const set = useCallback((snap: RoomSnapshot) => setLoad({ state: "ok", snap }), []);
  return { load, refresh, set };
}
