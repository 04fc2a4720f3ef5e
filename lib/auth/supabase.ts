// Supabase mode: anonymous sign-in and verified claims through @supabase/ssr with cookies read
// from the plain Request and written back as Set-Cookie strings by `handle()` / `proxy.ts`.
import { createServerClient } from "@supabase/ssr";
import type { Claims } from "../db/types";
import { toClaims } from "./claims";
import { parseCookies, serializeCookie, servedOverHttps, type CookieOptions } from "./cookies";

export const supabaseUrl = () => process.env.NEXT_PUBLIC_SUPABASE_URL;
export const supabaseKey = () =>
  process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY;

export const supabaseMode = () => Boolean(supabaseUrl() && supabaseKey());

export interface SetCookie {
  name: string;
  value: string;
  options: CookieOptions;
}

/**
 * The server client never opens Realtime, but supabase-js builds its Realtime client eagerly and,
 * on a Node without a global WebSocket (Node 20), throws at construction unless handed a
 * transport: every Supabase-mode request failed there (found by tests/supabase-local).
 */
class NoRealtimeOnServer {
  constructor() {
    throw new Error("The server-side Supabase client does not open Realtime connections.");
  }
}

/** A server client bound to one request; `onSet` receives every cookie the client wants written. */
export function supabaseFor(req: Request, onSet: (cookies: SetCookie[]) => void) {
  const jar = parseCookies(req.headers.get("cookie"));
  const secure = servedOverHttps(req);
  return createServerClient(supabaseUrl()!, supabaseKey()!, {
    realtime: { transport: (globalThis.WebSocket ?? NoRealtimeOnServer) as never },
    cookies: {
      getAll: () => jar,
      setAll: (cookies) => {
        for (const c of cookies) {
          const i = jar.findIndex((j) => j.name === c.name);
          if (i >= 0) jar.splice(i, 1);
          if (c.value) jar.push({ name: c.name, value: c.value });
        }
        onSet(cookies.map((c) => ({ name: c.name, value: c.value, options: { ...(c.options as CookieOptions), ...(secure ? { secure } : {}) } })));
      },
    },
  });
}

export const toSetCookieHeader = (c: SetCookie) => serializeCookie(c.name, c.value, c.options);

export async function supabaseClaims(client: ReturnType<typeof supabaseFor>): Promise<Claims | null> {
  const { data, error } = await client.auth.getClaims();
  // A token without an expiry is refused (issue 28 #7), whoever signed it.
  if (error || !data?.claims || typeof data.claims.exp !== "number") return null;
  return toClaims(data.claims as Record<string, unknown>);
}

export async function supabaseSignIn(
  client: ReturnType<typeof supabaseFor>,
  current: Claims | null,
  displayName: string,
): Promise<Claims> {
  if (current) {
    const { error } = await client.auth.updateUser({ data: { display_name: displayName } });
    if (error) throw error;
    // Re-issue the access token so the new name is in the claims the database sees.
    const refreshed = await client.auth.refreshSession();
    if (refreshed.error) throw refreshed.error;
  } else {
    const { error } = await client.auth.signInAnonymously({ options: { data: { display_name: displayName } } });
    if (error) throw error;
  }
  const claims = await supabaseClaims(client);
  if (!claims) throw new Error("Supabase sign-in returned no session.");
  return claims;
}
