// Next 16 proxy (formerly middleware), on every page request:
// - a fresh nonce and the Content-Security-Policy naming it (lib/server/http/csp.ts); Next.js
//   applies the nonce to its scripts when it finds the header on the request;
// - Supabase mode: refresh the session cookies so server code sees a valid access token.
//   Embedded mode: nothing to do (the JWT is verified per request).
import { NextResponse, type NextRequest } from "next/server";
import { supabaseFor, supabaseMode, supabaseUrl, type SetCookie } from "./lib/auth/supabase";
import { servedOverHttps } from "./lib/auth/cookies";
import { newNonce, pageCsp } from "./lib/server/http/csp";

export async function proxy(request: NextRequest) {
  const nonce = newNonce();
  const csp = pageCsp(nonce, {
    dev: process.env.NODE_ENV === "development",
    https: servedOverHttps(request),
    supabaseUrl: supabaseMode() ? supabaseUrl() : undefined,
  });
  const pending: SetCookie[] = [];
  if (supabaseMode()) {
    const client = supabaseFor(request, (cookies) => pending.push(...cookies));
    // getClaims() verifies the token and refreshes an expired session through setAll.
    await client.auth.getClaims();
    for (const c of pending) request.cookies.set(c.name, c.value);
  }
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  for (const c of pending) response.cookies.set(c.name, c.value, c.options);
  return response;
}

export const config = {
  // Static assets never need a session or a CSP. Neither does /api: route handlers verify the
  // session themselves and send refreshed cookies with their own response (lib/server/http/handle.ts),
  // and the proxy's pass on every action and realtime request was pure overhead
  // (docs/performance.md); API responses get their fixed CSP from next.config.ts.
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico)$).*)"],
};
