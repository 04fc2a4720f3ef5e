// The embedded issuer's HS256 key: `MASOI_JWT_SECRET`, or a random one generated on first start
// and kept in the data folder so sessions survive restarts (W-ROOM-5); with an in-memory database,
// one kept in memory.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

let cached: Promise<Uint8Array> | undefined;

export const dataDir = () => process.env.MASOI_DATA_DIR || path.join(process.cwd(), ".data");

async function loadOrCreate(): Promise<Uint8Array> {
  const fromEnv = process.env.MASOI_JWT_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error("MASOI_JWT_SECRET must be at least 32 characters.");
    return new TextEncoder().encode(fromEnv);
  }
  // An in-memory database (`MASOI_DATA_DIR=memory`) keeps nothing across restarts, sessions
  // included: its key lives in memory too, instead of in a folder named "memory".
  if (process.env.MASOI_DATA_DIR === "memory") return randomBytes(48);
  const file = path.join(dataDir(), "jwt-secret");
  try {
    return new TextEncoder().encode((await readFile(file, "utf8")).trim());
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  await mkdir(dataDir(), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  try {
    // "wx": if another process won the race, use its secret instead of overwriting it.
    await writeFile(file, secret, { encoding: "utf8", mode: 0o600, flag: "wx" });
    return new TextEncoder().encode(secret);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    return new TextEncoder().encode((await readFile(file, "utf8")).trim());
  }
}

export function jwtSecret(): Promise<Uint8Array> {
  cached ??= loadOrCreate().catch((e) => {
    cached = undefined;
    throw e;
  });
  return cached;
}
