// The claims both auth modes produce, so the same RLS policies (`auth.uid()`, `auth.jwt()`) decide.
import type { Claims } from "../db/types";

export type { Claims };

export interface User {
  id: string;
  displayName: string;
}

/** The display name the user signed in with (Supabase puts user data in `user_metadata`). */
export function displayNameOf(claims: Claims): string {
  const meta = claims.user_metadata;
  const name =
    meta && typeof meta === "object" ? (meta as { display_name?: unknown }).display_name : undefined;
  return typeof name === "string" ? name : "";
}

export const userOf = (claims: Claims): User => ({ id: claims.sub, displayName: displayNameOf(claims) });

/** Only what the database needs; drops transport claims so nothing else leaks into SQL settings. */
export function toClaims(payload: Record<string, unknown>): Claims | null {
  const sub = payload.sub;
  if (typeof sub !== "string" || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(sub)) return null;
  if (payload.role !== "authenticated") return null;
  return {
    sub,
    role: "authenticated",
    is_anonymous: payload.is_anonymous === true,
    user_metadata: { display_name: displayNameOf(payload as Claims) },
  };
}
