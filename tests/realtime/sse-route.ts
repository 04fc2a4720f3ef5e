// The embedded SSE route (`GET /api/realtime`) under test on a suite's database: the services and
// the hub use that database, streams left open are cancelled, and requests carry a session cookie.
import { afterAll, beforeAll, expect } from "vitest";
import { GET } from "@/app/api/realtime/route";
import { issueToken, SESSION_COOKIE } from "@/lib/auth/embedded";
import type { Db } from "@/lib/db/types";
import { getHub } from "@/lib/realtime/hub";
import { useDb } from "@/lib/server/db";
import { readSse, type SseReader } from "./sse-reader";

export function sseRouteSuite(currentDb: () => Db) {
  let db: Db | undefined;
  /** Streams to cancel when the suite ends. */
  const open: SseReader[] = [];

  beforeAll(() => {
    process.env.MASOI_JWT_SECRET ??= "test-secret-".padEnd(48, "x");
    db = currentDb();
    useDb(db);
  });

  afterAll(async () => {
    await Promise.all(open.map((r) => r.cancel()));
    useDb(undefined);
    if (db) await getHub(db).close();
  });

  /** Calls the route as `userId` (no cookie when null). */
  async function request(userId: string | null, query: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (userId) headers.set("cookie", `${SESSION_COOKIE}=${await issueToken(userId, "p")}`);
    return GET(new Request(`http://localhost/api/realtime?${query}`, { ...init, headers }), {
      params: Promise.resolve({}),
    });
  }

  /** A stream of `userId` to `roomId` (plain signals), read up to its `hello`. */
  async function connect(userId: string, roomId: string): Promise<SseReader> {
    const res = await request(userId, `room=${roomId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = readSse(res.body!);
    open.push(reader);
    await reader.next((f) => f.event === "hello");
    return reader;
  }

  return { db: () => db!, open, request, connect };
}
