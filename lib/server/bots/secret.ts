// The key bots' seeds are drawn from (pace.ts): `MASOI_BOT_SECRET` (≥ 32 characters), else the
// embedded issuer's key, which never leaves the server either. The Supabase cron pass is handed
// its own (supabase/functions/advance/from-env.ts).
import { jwtSecret } from "../../auth/jwt-secret";

export function botSecret(env: Record<string, string | undefined> = process.env): Promise<Uint8Array> {
  const fromEnv = env.MASOI_BOT_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) return Promise.reject(new Error("MASOI_BOT_SECRET must be at least 32 characters."));
    return Promise.resolve(new TextEncoder().encode(fromEnv));
  }
  return jwtSecret();
}
