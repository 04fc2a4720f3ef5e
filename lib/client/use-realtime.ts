"use client";
import { useEffect, useRef, useState } from "react";
import { embeddedRealtime, subscribeRoom, type RealtimeStatus, type Signal } from "@/lib/realtime/client";

/**
 * Subscribes to the room's realtime messages while `roomId` is set. `onChange` runs on every
 * signal and delivery (a game step's events, `signal.delivery`) and with null on every
 * (re)connect, since messages may have been missed while down (design §4). `topic` is the room
 * read's `room.topic`: on Supabase the channel is joined again when it changes (a member was
 * removed, migration 0025); the embedded stream follows it server-side, so there it reconnects
 * nothing.
 */
export function useRealtime(roomId: string | null, onChange: (signal: Signal | null) => void, topic?: string): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>("connecting");
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  });
  const channelTopic = embeddedRealtime() ? undefined : topic;
  useEffect(() => {
    if (!roomId) return;
    return subscribeRoom(
      roomId,
      (signal) => handler.current(signal),
      (s) => {
        setStatus(s);
        if (s === "open") handler.current(null);
      },
      undefined,
      channelTopic,
    );
  }, [roomId, channelTopic]);
  return status;
}
