// Embedded realtime: Server-Sent Events of the signals and deliveries the caller's topics receive
// (docs/realtime.md).
import { z } from "zod";
import { supabaseMode } from "@/lib/auth/supabase";
import { getHub } from "@/lib/realtime/hub";
import { openRoomStream } from "@/lib/realtime/room-stream";
import { AppError } from "@/lib/server/app-error";
import { handle } from "@/lib/server/http/handle";
import { parseWith } from "@/lib/server/http/parse";
import { markConnected } from "@/lib/server/presence";
import { recheckHostLater } from "@/lib/server/rooms/host";
import { roomTopic, signalsStatement } from "@/lib/server/signal";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({ room: z.uuid() });

export const GET = handle(async (c) => {
  // With Supabase the browser joins Supabase Realtime channels; this process never sees signals.
  if (supabaseMode()) throw new AppError(404, "NOT_FOUND", "Realtime is served by Supabase in this deployment.");
  const claims = await c.user();
  const q = parseWith(query, Object.fromEntries(new URL(c.req.url).searchParams));
  const room = q.room.toLowerCase();
  const db = await c.db();
  // Presence (docs/robustness.md): counted while the stream is open, on every way it can end.
  let release = (): void => undefined;
  const opened = await openRoomStream({ db, hub: getHub(db), claims, roomId: room, abort: c.req.signal, onEnd: () => release() });
  // Same answer as for a room that does not exist: a non-member learns nothing (docs/api.md).
  if (!opened.ok) throw new AppError(404, "ROOM_NOT_FOUND", "Room not found.");
  // A change the host's attendance badges show (back online, or gone past the grace) re-reads the room.
  const notify = () => void db.exec(signalsStatement([[roomTopic(room), "room"]])).catch(() => undefined);
  const released = markConnected(room, claims.sub, notify);
  // Host succession (docs/api.md, "Host powers"): a host who never came, or who went, is looked
  // at again once they could have been away long enough.
  recheckHostLater(db, room);
  let ended = false;
  release = () => {
    if (ended) return;
    ended = true;
    released();
    recheckHostLater(db, room);
  };
  c.req.signal.addEventListener("abort", release, { once: true });
  return new Response(opened.stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      // Stops nginx-style proxies from buffering the stream.
      "X-Accel-Buffering": "no",
    },
  });
}, { meter: "streams" });
