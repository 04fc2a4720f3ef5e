// Browser side in production: Supabase Realtime private channels with the same topic names.
// Supabase authorizes every join with the RLS policies on `realtime.messages`. Only the room and
// the user's own topic are joined: the database delivers a team's events on each living member's
// user topic (migration 0036), so no channel's access depends on being alive.
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import type { OnSignal, OnStatus, Unsubscribe } from "./client-types";
import { parseDelivery } from "./delivery";
import { kindOf } from "./signal-data";
import { roomTopic, userTopic } from "./topics";

async function browserClient(): Promise<SupabaseClient> {
  const { createBrowserClient } = await import("@supabase/ssr");
  // Literal `process.env.NEXT_PUBLIC_*` reads: Next inlines them into the browser bundle.
  const url = process.env.NEXT_PUBLIC_SUPABASE_URL!;
  const key = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY!;
  return createBrowserClient(url, key);
}

/**
 * Joins the room's topic — `topic`, the room read's `room.topic` (its current epoch, migration
 * 0025; the caller subscribes again when it changes) — and the caller's user topic.
 */
export function subscribeSupabase(
  roomId: string,
  onSignal: OnSignal,
  onStatus: OnStatus,
  client?: SupabaseClient,
  topic: string = roomTopic(roomId),
): Unsubscribe {
  let stopped = false;
  let supabase: SupabaseClient | null = null;
  const channels = new Map<string, RealtimeChannel>();

  const drop = (topic: string) => {
    const channel = channels.get(topic);
    channels.delete(topic);
    if (channel && supabase) void supabase.removeChannel(channel);
  };

  const join = (topic: string, role: "room" | "user") => {
    if (stopped || !supabase || channels.has(topic)) return;
    const channel = supabase
      .channel(topic, { config: { private: true } })
      .on("broadcast", { event: "*" }, (message: { event?: string; payload?: unknown }) => {
        // A step's events (migration 0036) or a data-free signal.
        const delivery = message.event === "events" ? parseDelivery(message.payload) : null;
        onSignal(delivery ? { topic, kind: "events", delivery } : { topic, kind: kindOf(message.payload) });
      })
      .subscribe((status) => {
        if (stopped) return;
        // The room channel stands for the connection; supabase-js rejoins it after a drop,
        // and each SUBSCRIBED tells the caller to refetch since its cursor.
        if (role === "room") onStatus(status === "SUBSCRIBED" ? "open" : "down");
      });
    channels.set(topic, channel);
  };

  onStatus("connecting");
  void (async () => {
    supabase = client ?? (await browserClient());
    await supabase.realtime.setAuth();
    const { data } = await supabase.auth.getSession();
    if (stopped) return;
    join(topic, "room");
    const uid = data.session?.user.id;
    if (uid) join(userTopic(uid), "user");
  })().catch((error) => {
    console.error("[realtime] Supabase subscribe failed", error);
    if (!stopped) onStatus("down");
  });

  return () => {
    stopped = true;
    for (const topic of [...channels.keys()]) drop(topic);
  };
}
