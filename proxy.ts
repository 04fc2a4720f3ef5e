// Next 16 proxy (formerly middleware). Supabase mode: refresh the session cookies on every request
// so server code sees a valid access token. Embedded mode: nothing to do (the JWT is long-lived
// and verified per request).
import { NextResponse, type NextRequest } from "next/server";
import { supabaseFor, supabaseMode, type SetCookie } from "./lib/auth/supabase";

export async function proxy(request: NextRequest) {
  if (!supabaseMode()) return NextResponse.next();
  const pending: SetCookie[] = [];
  const client = supabaseFor(request, (cookies) => pending.push(...cookies));
  // getClaims() verifies the token and refreshes an expired session through setAll.
  await client.auth.getClaims();
  for (const c of pending) request.cookies.set(c.name, c.value);
  const response = NextResponse.next({ request });
  for (const c of pending) response.cookies.set(c.name, c.value, c.options);
  return response;
}

export const config = {
  // Static assets never need a session. Neither does /api: route handlers verify the session
  // themselves and send refreshed cookies with their own response (lib/server/http/handle.ts), and
  // the proxy's pass on every action and realtime request was pure overhead (docs/performance.md).
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico)$).*)"],
};
