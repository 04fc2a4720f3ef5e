"use client";
import { useEffect } from "react";
import { PRESENCE_GRACE_MS } from "@/lib/realtime/presence-grace";

/**
 * The server counts a member who just joined (or a server that just started) as present for a
 * grace period; one re-read once it is over shows who never connected. Only the host sees
 * attendance, so only the host re-reads. `members` is the key of the member list.
 */
export function usePresenceRecheck(active: boolean, members: string, refresh: () => void): void {
  useEffect(() => {
    if (!active) return;
    const id = setTimeout(refresh, PRESENCE_GRACE_MS + 500);
    return () => clearTimeout(id);
  }, [active, members, refresh]);
}
