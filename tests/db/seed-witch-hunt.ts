// A Catch-the-Witch room seeded by direct SQL as the owner (no engine), for the RLS matrix: the
// seats' teams are the mode's own (`teamsOf`, what the server writes from `seats()`), `alive` is
// "still in the game" (frogs are, expelled cats are not), and each event carries the audience the
// engine gives its type (docs/witch-hunt.md "Events and audiences") and a label naming it.
import { randomUUID } from "node:crypto";
import { audienceKey, type Audience } from "@/lib/game/core/types";
import type { Claims, Db } from "@/lib/db/types";
import { teamsOf } from "@/lib/game/witch-hunt/mode";
import type { Form, Role } from "@/lib/game/witch-hunt/types";

export type WhViewer = "host" | "witch" | "frogWitch" | "expelledWitch" | "crow" | "seer" | "guard" | "spectator";

/** Room W's players in seat order; the host is a villager. The spectator watches without a seat. */
export const WH_SEATS: { viewer: WhViewer; role: Role; form: Form }[] = [
  { viewer: "host", role: "villager", form: "human" },
  { viewer: "witch", role: "witch", form: "human" },
  { viewer: "frogWitch", role: "witch", form: "frog" },
  { viewer: "expelledWitch", role: "witch", form: "expelled" },
  { viewer: "crow", role: "crow", form: "human" },
  { viewer: "seer", role: "seer", form: "human" },
  { viewer: "guard", role: "guard", form: "human" },
];

export interface WhWorld {
  ended: boolean;
  ids: Record<WhViewer, string>;
  roomId: string;
  gameId: string;
  events: { label: string; audience: Audience }[];
  claims(v: WhViewer): Claims;
}

export async function seedWitchHunt(db: Db, { ended }: { ended: boolean }): Promise<WhWorld> {
  const viewers: WhViewer[] = [...WH_SEATS.map((s) => s.viewer), "spectator"];
  const ids = Object.fromEntries(viewers.map((v) => [v, randomUUID()])) as Record<WhViewer, string>;
  const player = (v: WhViewer): Audience => ({ kind: "player", player: ids[v] });
  const witches: Audience = { kind: "team", team: "witches" };
  const coven: Audience = { kind: "team", team: "coven" };
  const events = [
    { label: "phase", audience: { kind: "public" } as Audience },
    ...WH_SEATS.map((s) => ({ label: `role:${s.viewer}`, audience: player(s.viewer) })),
    { label: "witches_known", audience: witches },
    { label: "witch_counts", audience: coven },
    { label: "witch_went", audience: coven },
    { label: "cast", audience: coven },
    { label: "chat:coven", audience: coven },
    { label: "witch_here", audience: player("witch") },
    { label: "guard_counts", audience: player("guard") },
    { label: "picked:seer", audience: player("seer") },
    { label: "seer_result", audience: player("seer") },
    { label: "chat:table", audience: { kind: "public" } as Audience },
    { label: "evening_news", audience: { kind: "public" } as Audience },
    { label: "daytime_log", audience: { kind: "end" } as Audience },
    { label: "ritual_puts", audience: { kind: "end" } as Audience },
  ];
  const world = await db.tx(async (tx) => {
    const [room] = await tx.query<{ id: string }>("insert into rooms (code, host_id, status) values ($1, $2, 'playing') returning id", [`W${randomUUID().slice(0, 8)}`, ids.host]);
    const [game] = await tx.query<{ id: string }>(
      `insert into games (room_id, mode, phase, day, ended, winner, ended_at)
       values ($1, 'witch-hunt', $2, 2, $3, $4, case when $3 then now() end) returning id`,
      [room.id, ended ? "ended" : "day.witch", ended, ended ? "village" : null],
    );
    await tx.query("update rooms set game_id = $2 where id = $1", [room.id, game.id]);
    for (const v of viewers) await tx.query("insert into room_members (room_id, user_id, display_name) values ($1, $2, $3)", [room.id, ids[v], v]);
    for (const [i, s] of WH_SEATS.entries()) {
      await tx.query("insert into game_players (game_id, user_id, seat, alive) values ($1, $2, $3, $4)", [game.id, ids[s.viewer], i + 1, s.form !== "expelled"]);
      await tx.query("insert into game_roles (game_id, user_id, role, teams) values ($1, $2, $3, $4)", [game.id, ids[s.viewer], s.role, teamsOf(s.role)]);
    }
    for (const e of events) {
      await tx.query("insert into game_events (game_id, audience, type, payload) values ($1, $2, $3, $4)", [game.id, audienceKey(e.audience), e.label, { label: e.label }]);
    }
    return { roomId: room.id, gameId: game.id };
  });
  return { ended, ids, ...world, events, claims: (v) => ({ sub: ids[v], role: "authenticated", is_anonymous: true }) };
}
