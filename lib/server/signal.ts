// Realtime signals: no data, only "something new for you on this topic". Sent inside the writing
// transaction through `realtime.send`, so a rolled-back write never signals.
import { inlineParams } from "../db/driver";
import type { Tx } from "../db/types";

export type SignalKind = "room" | "events" | "chat";

export { roomTopic, userTopic } from "../realtime/topics";

export async function signal(tx: Tx, topic: string, kind: SignalKind): Promise<void> {
  await tx.exec(signalsStatement([[topic, kind]]));
}

/**
 * Several signals as one statement (for a script, lib/server/games/persist.ts), sent in this
 * order; "" when there are none. A room topic goes to the room's current epoch (`app.signal_topic`,
 * migration 0025): never to the name a removed member may still be joined to.
 */
export function signalsStatement(signals: readonly (readonly [topic: string, kind: SignalKind])[]): string {
  if (signals.length === 0) return "";
  return inlineParams(
    `select realtime.send(jsonb_build_object('kind', s.x->>'kind'), s.x->>'kind', app.signal_topic(s.x->>'topic'), true)
       from jsonb_array_elements($1::text::jsonb) with ordinality as s(x, n)`,
    [JSON.stringify(signals.map(([topic, kind]) => ({ topic, kind })))],
  );
}
