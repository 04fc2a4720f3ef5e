// Cross-site request forgery (issue 28 item 7): a state-changing request (any method but GET,
// HEAD, OPTIONS) that a browser marks as coming from another site is refused with 403
// CROSS_ORIGIN before anything else runs. Browsers send `Origin` on every such request and
// `Sec-Fetch-Site` on all current ones; a page elsewhere cannot forge either.
// [decision] A request with neither header is not from a browser page (curl, scripts, the load
// and fuzz tools, server-to-server): it is accepted — CSRF needs a victim's browser, and such a
// client holds its own cookie anyway. The scheduled `advance` runs inside Supabase (edge
// function and pg_cron, with its own secret), not through these routes.
import { AppError } from "../app-error";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

const crossOrigin = () =>
  new AppError(403, "CROSS_ORIGIN", "Requests that change something must come from this site's own pages.");

/** Extra origins allowed to call the API (MASOI_ALLOWED_ORIGINS, comma-separated, e.g. a second domain). */
const allowedOrigins = (env = process.env): string[] =>
  (env.MASOI_ALLOWED_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim().toLowerCase())
    .filter(Boolean);

/**
 * The host this request was addressed to: the proxy's forwarded host, else Host, else the URL's.
 * A page elsewhere cannot choose it: a form sets no headers, and a fetch with a custom header
 * needs a CORS preflight this API never grants.
 */
function ownHost(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const host = forwarded || req.headers.get("host")?.trim();
  if (host) return host.toLowerCase();
  return new URL(req.url).host.toLowerCase();
}

/**
 * Throws 403 CROSS_ORIGIN for a state-changing request from another site. The page's origin is
 * compared by host (scheme aside: behind a TLS-terminating proxy the server sees http).
 */
export function assertSameOrigin(req: Request): void {
  if (SAFE.has(req.method)) return;
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") throw crossOrigin();
  const origin = req.headers.get("origin");
  if (origin === null) return;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    throw crossOrigin(); // "null" (sandboxed frames, data: URLs) and garbage
  }
  if (host === ownHost(req) || allowedOrigins().includes(origin.toLowerCase())) return;
  throw crossOrigin();
}
