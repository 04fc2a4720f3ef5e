// Browser side in production: Supabase Realtime private channels with the same topic names.
// Supabase authorizes every join with the RLS policies on `realtime.messages`, so a join the
// caller may not make simply fails; team topics are therefore tried and dropped when refused.
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import type { OnSignal, OnStatus, Unsubscribe } from "./client-types";
import { kindOf } from "./signal-data";
import { KNOWN_TEAMS, roomTopic, teamTopic, userTopic } from "./topics";

/** Team membership changes (a wolf dies, the Thief becomes a wolf) are signalled on the room. */
const TEAM_RECHECK_DEBOUNCE_MS = 500;

async function browserClient(): Promise<SupabaseClient> {
  const { createBrowserClient } = await import("@supabase/ssr");
  // Literal `process.env.NEXT_PUBLIC_*` reads: Next inlines them into the browser bundle.
  const url = process.env.NEXT_PUBLIC_SUPABASE_URL!;
  const key = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY!;
  return createBrowserClient(url, key);
}

export function subscribeSupabase(
  roomId: string,
  onSignal: OnSignal,
  onStatus: OnStatus,
  client?: SupabaseClient,
): Unsubscribe {
  let stopped = false;
  let supabase: SupabaseClient | null = null;
  const channels = new Map<string, RealtimeChannel>();
  let recheck: ReturnType<typeof setTimeout> | null = null;

  const drop = (topic: string) => {
    const channel = channels.get(topic);
    channels.delete(topic);
    if (channel && supabase) void supabase.removeChannel(channel);
  };

  const join = (topic: string, role: "room" | "user" | "team") => {
    if (stopped || !supabase || channels.has(topic)) return;
    const channel = supabase
      .channel(topic, { config: { private: true } })
      .on("broadcast", { event: "*" }, (message: { payload?: unknown }) => {
        onSignal({ topic, kind: kindOf(message.payload) });
        if (role !== "team") scheduleTeamRecheck();
      })
      .subscribe((status) => {
        if (stopped) return;
        if (role === "team") {
          if (status === "CHANNEL_ERROR") drop(topic); // not (or no longer) a living member
          return;
        }
        // The room channel stands for the connection; supabase-js rejoins it after a drop,
        // and each SUBSCRIBED tells the caller to refetch since its cursor.
        if (role === "room") onStatus(status === "SUBSCRIBED" ? "open" : "down");
      });
    channels.set(topic, channel);
  };

  const joinTeams = () => {
    for (const team of KNOWN_TEAMS) join(teamTopic(roomId, team), "team");
  };

  // Supabase checks the policies at join time: leave and rejoin the team channels to re-run it.
  function scheduleTeamRecheck() {
    if (recheck !== null) clearTimeout(recheck);
    recheck = setTimeout(() => {
      recheck = null;
      for (const team of KNOWN_TEAMS) drop(teamTopic(roomId, team));
      joinTeams();
    }, TEAM_RECHECK_DEBOUNCE_MS);
  }

  onStatus("connecting");
  void (async () => {
    supabase = client ?? (await browserClient());
    await supabase.realtime.setAuth();
    const { data } = await supabase.auth.getSession();
    if (stopped) return;
    join(roomTopic(roomId), "room");
    const uid = data.session?.user.id;
    if (uid) join(userTopic(uid), "user");
    joinTeams();
  })().catch((error) => {
    console.error("[realtime] Supabase subscribe failed", error);
    if (!stopped) onStatus("down");
  });

  return () => {
    stopped = true;
    if (recheck !== null) clearTimeout(recheck);
    for (const topic of [...channels.keys()]) drop(topic);
  };
}
