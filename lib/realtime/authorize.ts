// Topic authorization with the very policies Supabase Realtime evaluates, run the same way
// Supabase does on channel join (realtime `Tenants.Authorization.get_read_authorizations`):
// in one transaction, insert a probe row into `realtime.messages` as the owner, switch to the
// caller's role with `request.jwt.claims` and `realtime.topic` set, select the probe back, and
// roll everything back. A topic is readable iff its probe row is visible under RLS. Checking a
// policy by reading it (or re-implementing membership in TypeScript) could drift from what
// production enforces; running the select cannot.
import type { Claims, Db, Tx } from "@/lib/db/types";

class Rollback extends Error {
  constructor(readonly allowed: Set<string>) {
    super("rollback");
  }
}

/** Which of `topics` the caller may read (broadcast extension, private channel). */
export async function readableTopics(
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

export async function canReadTopic(db: Db, claims: Claims | null, topic: string) {
  return (await readableTopics(db, claims, [topic])).has(topic);
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
