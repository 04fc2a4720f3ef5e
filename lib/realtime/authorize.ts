// Topic authorization: the predicate of the `realtime.messages` select policy that Supabase
// Realtime evaluates on channel join — `app.can_join_topic(realtime.topic())` — evaluated as the
// caller (role `authenticated`, their `request.jwt.claims`), for all topics of a connection in
// one statement. Membership is never re-implemented in TypeScript: the SQL function decides.
//
// `probeReadableTopics` is Supabase's own procedure (Realtime `get_read_authorizations`): insert a
// probe row per topic as the owner, set `realtime.topic`, select the probe back under RLS, roll
// back. It costs 2 + 2 × topics statements, so the hot path uses the one-statement form above;
// tests/realtime/authorize.test.ts pins the policy to that predicate and checks both agree.
import { getSharedReads } from "@/lib/db/shared-reads";
import type { Claims, Db, Tx } from "@/lib/db/types";
import { userTopic } from "./topics";

export interface RoomAuthorization {
  /** The room topic at its current epoch when the caller may join it (migration 0025), else null. */
  room: string | null;
  user: boolean;
}

/**
 * The caller's authorization for one room's connection: the room topic at its current epoch (which
 * moves whenever a member is removed) and their user topic (team events are signalled on each
 * living member's user topic, lib/server/games/persist.ts). One statement as the caller, through
 * the shared reads (lib/db/shared-reads.ts): a membership notice (a join, a leave, a kick) makes
 * every connection of the room re-check at once, and their checks then cost one script, one round
 * trip, instead of a transaction of four round trips each — each still under its own claims.
 */
export async function authorizeRoom(db: Db, claims: Claims, roomId: string): Promise<RoomAuthorization> {
  const user = userTopic(claims.sub);
  // The epoch is read under RLS (a non-member reads no room row, so no room topic to check).
  const rows = await getSharedReads(db).query<{ topic: string }>(
    claims,
    `select t.topic from (
       select app.room_topic(r.id, r.topic_epoch) as topic from rooms r where r.id = $1::uuid
       union all select $2::text
     ) as t where app.can_join_topic(t.topic)`,
    [roomId, user],
  );
  const topics = rows.map((r) => r.topic);
  return { room: topics.find((t) => t !== user) ?? null, user: topics.includes(user) };
}

/** Which of `topics` the caller may read, by the same one-statement predicate. */
export async function readableTopics(db: Db, claims: Claims | null, topics: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(topics)];
  // The policy is `to authenticated`: an anonymous caller joins nothing.
  if (unique.length === 0 || claims === null) return new Set();
  const rows = await db.asUser(claims, (tx) =>
    tx.query<{ topic: string }>(`select t as topic from unnest($1::text[]) as t where app.can_join_topic(t)`, [unique]),
  );
  return new Set(rows.map((r) => r.topic));
}

class Rollback extends Error {
  constructor(readonly allowed: Set<string>) {
    super("rollback");
  }
}

/** Supabase's join-time procedure, row by row through the policy (reference for tests). */
export async function probeReadableTopics(
  db: Db,
  claims: Claims | null,
  topics: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(topics)];
  if (unique.length === 0) return new Set();
  try {
    await db.tx(async (tx) => {
      throw new Rollback(await probe(tx, claims, unique));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.allowed;
    throw error;
  }
  throw new Error("unreachable: probe transaction must roll back");
}

async function probe(tx: Tx, claims: Claims | null, topics: string[]): Promise<Set<string>> {
  const rows = await tx.query<{ id: string; topic: string }>(
    `insert into realtime.messages (topic, extension, private)
       select t, 'broadcast', true from unnest($1::text[]) as t
     returning id::text, topic`,
    [topics],
  );
  const probeId = new Map(rows.map((r) => [r.topic, r.id]));
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
    [claims ? claims.role : "anon", claims ? JSON.stringify(claims) : ""],
  );
  const allowed = new Set<string>();
  for (const topic of topics) {
    await tx.query(`select set_config('realtime.topic', $1, true)`, [topic]);
    const seen = await tx.query(
      `select 1 from realtime.messages where topic = $1 and extension = 'broadcast' and id::text = $2`,
      [topic, probeId.get(topic)],
    );
    if (seen.length > 0) allowed.add(topic);
  }
  return allowed;
}
