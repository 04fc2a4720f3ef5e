// The client address that keys per-address limits (sign-ins). Trust choice (docs/robustness.md):
// - Vercel overwrites `X-Forwarded-For` with the address its edge saw, so the first hop is real.
// - `next start` sets `X-Forwarded-For` to the socket address when the request carries none, so
//   served directly the first hop is the socket address — unless the client sent the header
//   itself, which a directly exposed server cannot tell apart. Such a deployment belongs behind
//   a proxy that overwrites the header (nginx: `proxy_set_header X-Forwarded-For $remote_addr`).
const IP = /^[0-9a-f:.]{2,45}$/;

/**
 * The first `X-Forwarded-For` hop (else `X-Real-IP`): an IP, normalized, or the raw value (capped)
 * when it is not one — garbage gets a bucket of its own instead of escaping the limit. Null only
 * when the request names no address at all, which neither Vercel nor `next start` ever lets
 * through (route handlers called in-process by tests do).
 */
export function clientAddress(req: Request): string | null {
  const first = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const candidate = (first || req.headers.get("x-real-ip")?.trim() || "").toLowerCase();
  if (!candidate) return null;
  if (!IP.test(candidate)) return `raw:${candidate.slice(0, 64)}`;
  // One client, one key: the IPv4-mapped IPv6 form is the same address.
  return candidate.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
}
