// Embedded anonymous auth: an HS256 JWT with Supabase's claim names in an httpOnly cookie.
import { randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { Claims } from "../db/types";
import { toClaims } from "./claims";
import { readCookie, serializeCookie } from "./cookies";
import { jwtSecret } from "./jwt-secret";

export const SESSION_COOKIE = "ms_session";
const ISSUER = "masoi";
const AUDIENCE = "authenticated";
const TTL_S = 60 * 60 * 24 * 30;


export async function issueToken(sub: string, displayName: string): Promise<string> {
  return new SignJWT({
    role: "authenticated",
    is_anonymous: true,
    user_metadata: { display_name: displayName },
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TTL_S}s`)
    .sign(await jwtSecret());
}

/**
 * Tokens already verified, with their claims and expiry. Every request of a session carries the
 * same token, and its HMAC check was 4–10% of the server's CPU under load (docs/performance.md).
 * Only successes are kept (a forged token is checked every time); an entry is dropped once its
 * token expires; bounded, oldest first out. The key is the whole token string, signature
 * included, so a hit is exactly a token this process verified. Keyed per secret too: a rotated
 * secret (tests) must not accept tokens signed with the old one.
 */
const VERIFIED_MAX = 20_000;
const verified = new Map<string, { claims: Claims; expMs: number; secret: Uint8Array }>();

export async function verifyToken(token: string): Promise<Claims | null> {
  const secret = await jwtSecret();
  const hit = verified.get(token);
  if (hit !== undefined) {
    if (hit.secret === secret && Date.now() < hit.expMs) return hit.claims;
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      // A token without an expiry would be valid forever (issue 28 #7): refused, even signed.
      requiredClaims: ["exp", "sub"],
    });
    const claims = toClaims(payload as Record<string, unknown>);
    if (claims !== null) {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims: Object.freeze(claims), expMs: payload.exp! * 1000, secret });
    }
    return claims;
  } catch {
    return null;
  }
}

export async function embeddedClaims(req: Request): Promise<Claims | null> {
  const token = readCookie(req, SESSION_COOKIE);
  return token ? verifyToken(token) : null;
}

/** Signs in (or renames, keeping the id when already signed in); returns the claims and cookie. */
export async function embeddedSignIn(
  current: Claims | null,
  displayName: string,
  secure: boolean,
): Promise<{ claims: Claims; cookie: string }> {
  const sub = current?.sub ?? randomUUID();
  const token = await issueToken(sub, displayName);
  const claims = (await verifyToken(token))!;
  const cookie = serializeCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: TTL_S,
  });
  return { claims, cookie };
}

export const embeddedSignOutCookie = (secure: boolean) =>
  serializeCookie(SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: 0 });
