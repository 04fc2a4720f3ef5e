// One auth surface for route handlers, whichever mode is configured: embedded JWT cookie, or
// Supabase Auth when NEXT_PUBLIC_SUPABASE_URL and its anon/publishable key are set.
import type { Claims } from "../db/types";
import { servedOverHttps } from "./cookies";
import { embeddedClaims, embeddedSignIn, embeddedSignOutCookie } from "./embedded";
import { isRevoked, revokeUser } from "./revocations";
import { supabaseClaims, supabaseFor, supabaseMode, supabaseSignIn, toSetCookieHeader } from "./supabase";

export interface Auth {
  /** Verified claims of the caller, or null when signed out (revoked), or the token is invalid/expired. */
  getClaims(): Promise<Claims | null>;
  /** Anonymous sign-in; when already signed in, keeps the user id and updates the name. */
  signIn(displayName: string): Promise<Claims>;
  /** Revokes the session on the server (every token of this user, `revocations.ts`), then clears the cookie. */
  signOut(): Promise<void>;
  /** Set-Cookie header values the response must carry. */
  readonly setCookies: string[];
}

/** Verified claims, unless that user signed out. */
async function unlessRevoked(claims: Promise<Claims | null>): Promise<Claims | null> {
  const c = await claims;
  return c && !(await isRevoked(c.sub)) ? c : null;
}

function embeddedAuth(req: Request): Auth {
  const setCookies: string[] = [];
  const secure = servedOverHttps(req);
  let claims: Promise<Claims | null> | undefined;
  const getClaims = () => (claims ??= unlessRevoked(embeddedClaims(req)));
  return {
    setCookies,
    getClaims,
    async signIn(displayName) {
      const out = await embeddedSignIn(await getClaims(), displayName, secure);
      setCookies.push(out.cookie);
      claims = Promise.resolve(out.claims);
      return out.claims;
    },
    async signOut() {
      const current = await getClaims();
      if (current) await revokeUser(current.sub);
      setCookies.push(embeddedSignOutCookie(secure));
      claims = Promise.resolve(null);
    },
  };
}

function supabaseAuth(req: Request): Auth {
  const setCookies: string[] = [];
  const client = supabaseFor(req, (cookies) => setCookies.push(...cookies.map(toSetCookieHeader)));
  let claims: Promise<Claims | null> | undefined;
  const getClaims = () => (claims ??= unlessRevoked(supabaseClaims(client)));
  return {
    setCookies,
    getClaims,
    async signIn(displayName) {
      const c = await supabaseSignIn(client, await getClaims(), displayName);
      claims = Promise.resolve(c);
      return c;
    },
    async signOut() {
      const current = await getClaims();
      if (current) await revokeUser(current.sub);
      // Ends the session at Supabase too (its refresh token), and clears the cookies.
      await client.auth.signOut({ scope: "local" });
      claims = Promise.resolve(null);
    },
  };
}

export const authFor = (req: Request): Auth => (supabaseMode() ? supabaseAuth(req) : embeddedAuth(req));

/** The verified claims of a request (both modes). */
export const getClaims = (req: Request): Promise<Claims | null> => authFor(req).getClaims();
