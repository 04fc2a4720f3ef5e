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

const secureCookies = () => process.env.MASOI_SECURE_COOKIES === "1";

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

export async function verifyToken(token: string): Promise<Claims | null> {
  try {
    const { payload } = await jwtVerify(token, await jwtSecret(), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    return toClaims(payload as Record<string, unknown>);
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
): Promise<{ claims: Claims; cookie: string }> {
  const sub = current?.sub ?? randomUUID();
  const token = await issueToken(sub, displayName);
  const claims = (await verifyToken(token))!;
  const cookie = serializeCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    maxAge: TTL_S,
  });
  return { claims, cookie };
}

export const embeddedSignOutCookie = () =>
  serializeCookie(SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", secure: secureCookies(), path: "/", maxAge: 0 });
