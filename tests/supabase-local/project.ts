// A local Supabase project for a test: a fresh migrated Postgres database (TEST_DATABASE_URL's
// server) with the Auth and Realtime servers in front of it, and unmodified supabase-js clients.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { freshPostgres } from "@/lib/db/testing";
import { startLocalSupabase, type LocalSupabase, type LocalSupabaseOptions } from "./services";

export interface LocalProject {
  db: Awaited<ReturnType<typeof freshPostgres>>;
  supabase: LocalSupabase;
  databaseUrl: string;
  /** A new browser-like client: no storage, no timers — tests refresh explicitly. */
  client(): SupabaseClient;
  close(): Promise<void>;
}

export async function localProject(options: Omit<LocalSupabaseOptions, "databaseUrl"> = {}): Promise<LocalProject> {
  const db = await freshPostgres();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${db.database}`;
  const supabase = await startLocalSupabase({ ...options, databaseUrl: url.toString() });
  const clients: SupabaseClient[] = [];
  return {
    db,
    supabase,
    databaseUrl: url.toString(),
    client() {
      const c = createClient(supabase.url, supabase.publishableKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      });
      clients.push(c);
      return c;
    },
    async close() {
      for (const c of clients) await c.removeAllChannels();
      await supabase.close();
      await db.close();
    },
  };
}
