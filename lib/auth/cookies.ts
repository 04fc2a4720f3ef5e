// Minimal Cookie / Set-Cookie handling (RFC 6265) for plain `Request`s, so route handlers can be
// called directly in tests without the Next request wrapper.

export interface CookieOptions {
  maxAge?: number;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "lax" | "strict" | "none" | boolean;
  domain?: string;
  expires?: Date;
}

export function parseCookies(header: string | null): { name: string; value: string }[] {
  if (!header) return [];
  const out: { name: string; value: string }[] = [];
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1");
    if (!name) continue;
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // keep the raw value: a malformed escape must not turn into a 500
    }
    out.push({ name, value });
  }
  return out;
}

/**
 * Whether the response goes back over https, so cookies get `Secure` (issue 28 #7): the request
 * URL, or the first `X-Forwarded-Proto` of a TLS-terminating proxy (Vercel, nginx), or
 * MASOI_SECURE_COOKIES=1 for deployments whose proxy says neither.
 */
export function servedOverHttps(req: Request): boolean {
  if (process.env.MASOI_SECURE_COOKIES === "1") return true;
  const forwarded = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  if (forwarded) return forwarded === "https";
  try {
    return new URL(req.url).protocol === "https:";
  } catch {
    return false;
  }
}

export const readCookie = (req: Request, name: string): string | undefined =>
  parseCookies(req.headers.get("cookie")).find((c) => c.name === name)?.value;

export function serializeCookie(name: string, value: string, o: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  parts.push(`Path=${o.path ?? "/"}`);
  if (o.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(o.maxAge)}`);
  if (o.expires) parts.push(`Expires=${o.expires.toUTCString()}`);
  if (o.domain) parts.push(`Domain=${o.domain}`);
  if (o.httpOnly) parts.push("HttpOnly");
  if (o.secure) parts.push("Secure");
  if (o.sameSite) {
    const s = o.sameSite === true ? "strict" : o.sameSite;
    parts.push(`SameSite=${s[0].toUpperCase()}${s.slice(1)}`);
  }
  return parts.join("; ");
}
