// The pages' Content-Security-Policy (issue 28 item 7), built per request by proxy.ts with a fresh
// nonce: Next.js reads the nonce from this header during rendering and puts it on its own
// scripts (docs: app/guides/content-security-policy), so only scripts this server rendered run.
// Styles keep 'unsafe-inline': server-rendered `style` attributes (avatars, timers) need it, and
// a style cannot run code. Connections go to this origin, plus Supabase in Supabase mode.
// Imported by proxy.ts: no Node-only imports.

/** 16 random bytes, base64: unguessable per response. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

function supabaseOrigins(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const u = new URL(url);
    return [u.origin, `${u.protocol === "https:" ? "wss" : "ws"}://${u.host}`];
  } catch {
    return [];
  }
}

export function pageCsp(nonce: string, opts: { dev: boolean; https: boolean; supabaseUrl?: string }): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': chunks the nonced runtime loads are trusted; 'self' is ignored then.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...supabaseOrigins(opts.supabaseUrl)].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Only over https: on plain http (LAN, e2e) it would send the page's own requests to https.
    ...(opts.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** API answers are data, never documents: nothing may load or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Sent with every response (next.config.ts). */
export const SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Invite links carry the room code: never hand it to another site.
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];
