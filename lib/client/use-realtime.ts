"use client";
import { useEffect, useRef, useState } from "react";
import { subscribeRoom, type RealtimeStatus, type Signal } from "@/lib/realtime/client";

/**
 * Subscribes to the room's realtime signals while `roomId` is set. `onChange` runs on every
 * signal and on every (re)connect, since signals may have been missed while down (design §4).
 */
export function useRealtime(roomId: string | null, onChange: (signal: Signal | null) => void): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>("connecting");
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  });
  useEffect(() => {
    if (!roomId) return;
    return subscribeRoom(
      roomId,
      (signal) => handler.current(signal),
      (s) => {
        setStatus(s);
        if (s === "open") handler.current(null);
      },
    );
  }, [roomId]);
  return status;
}
