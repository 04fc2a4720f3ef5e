// Realtime signals: no data, only "something new for you on this topic". Sent inside the writing
// transaction through `realtime.send`, so a rolled-back write never signals.
import type { Tx } from "../db/types";

export type SignalKind = "room" | "events" | "chat";

export { roomTopic, teamTopic, userTopic } from "../realtime/topics";

export async function signal(tx: Tx, topic: string, kind: SignalKind): Promise<void> {
  await tx.query("select realtime.send($1::text::jsonb, $2, $3, true)", [JSON.stringify({ kind }), kind, topic]);
}
