// A small world seeded by direct SQL as the owner (no engine): room R with a werewolf game
// (host villager, a living and a dead wolf, seer, witch, a dead villager, a spectator), and room
// R2 with a classic game whose dead player's role was revealed (C-REVEAL-1). Every event carries
// a label so tests can say exactly which events a viewer must read.
import { randomUUID } from "node:crypto";
import type { Audience } from "@/lib/game/core/types";
import { audienceKey } from "@/lib/game/core/types";
import type { Claims, Db } from "@/lib/db/types";

export const WOLVES = "wolves";
export const VILLAGE = "village";

export type Viewer =
  | "host"
  | "wolfAlive"
  | "wolfDead"
  | "seer"
  | "witch"
  | "villagerDead"
  | "spectator"
  | "outsider"
  | "classicDead";

interface Seat {
  viewer: Viewer;
  role: string;
  teams: string[];
  alive: boolean;
}

// Room R's players, in seat order. The spectator and the outsider have no seat in game G; the
// spectator is a member without a seat — what watching a running game makes (issue 22 item 8).
const SEATS: Seat[] = [
  { viewer: "host", role: "villager", teams: [VILLAGE], alive: true },
  { viewer: "wolfAlive", role: "wolf", teams: [WOLVES], alive: true },
  { viewer: "wolfDead", role: "wolf", teams: [WOLVES], alive: false },
  { viewer: "seer", role: "seer", teams: [VILLAGE], alive: true },
  { viewer: "witch", role: "witch", teams: [VILLAGE], alive: true },
  { viewer: "villagerDead", role: "villager", teams: [VILLAGE], alive: false },
];

export interface SeededEvent {
  label: string;
  audience: Audience;
}

export interface World {
  ended: boolean;
  ids: Record<Viewer, string>;
  roomId: string;
  gameId: string;
  room2Id: string;
  game2Id: string;
  seats: (Seat & { id: string })[];
  /** Room R's members (players + spectator). */
  members: Viewer[];
  events: SeededEvent[];
  /** Events of the classic game G2 in room R2. */
  classicEvents: SeededEvent[];
  claims(viewer: Viewer): Claims;
}

export async function seedWorld(db: Db, { ended }: { ended: boolean }): Promise<World> {
  const viewers: Viewer[] = [...SEATS.map((s) => s.viewer), "spectator", "outsider", "classicDead"];
  const ids = Object.fromEntries(viewers.map((v) => [v, randomUUID()])) as Record<Viewer, string>;
  const seats = SEATS.map((s) => ({ ...s, id: ids[s.viewer] }));
  const members: Viewer[] = [...SEATS.map((s) => s.viewer), "spectator"];
  const player = (v: Viewer): Audience => ({ kind: "player", player: ids[v] });
  const events: SeededEvent[] = [
    { label: "phase", audience: { kind: "public" } },
    ...SEATS.map((s) => ({ label: `role:${s.viewer}`, audience: player(s.viewer) })),
    { label: "wolvesKnown:wolfAlive", audience: player("wolfAlive") },
    { label: "wolvesKnown:wolfDead", audience: player("wolfDead") },
    { label: "wolfChat", audience: { kind: "team", team: WOLVES } },
    { label: "wolfPick", audience: { kind: "team", team: WOLVES } },
    { label: "seerResult", audience: player("seer") },
    { label: "witchInfo", audience: player("witch") },
    { label: "death", audience: { kind: "public" } },
    { label: "timeline", audience: { kind: "end" } },
  ];
  const classicEvents: SeededEvent[] = [
    { label: "roleRevealed", audience: { kind: "public" } },
    { label: "classicRole:outsider", audience: player("outsider") },
  ];

  const world = await db.tx(async (tx) => {
    const [room] = await tx.query<{ id: string }>(
      "insert into rooms (code, host_id, status) values ($1, $2, 'playing') returning id",
      [`R${randomUUID().slice(0, 8)}`, ids.host],
    );
    const [game] = await tx.query<{ id: string }>(
      `insert into games (room_id, mode, phase, day, ended, winner, ended_at)
       values ($1, 'werewolf', $2, 2, $3, $4, case when $3 then now() end) returning id`,
      [room.id, ended ? "ended" : "night.main", ended, ended ? "village" : null],
    );
    await tx.query("update rooms set game_id = $2 where id = $1", [room.id, game.id]);
    for (const v of members) {
      await tx.query("insert into room_members (room_id, user_id, display_name) values ($1, $2, $3)", [
        room.id,
        ids[v],
        v,
      ]);
    }
    for (const [i, s] of seats.entries()) {
      await tx.query("insert into game_players (game_id, user_id, seat, alive) values ($1, $2, $3, $4)", [
        game.id,
        s.id,
        i + 1,
        s.alive,
      ]);
      await tx.query("insert into game_roles (game_id, user_id, role, teams) values ($1, $2, $3, $4)", [
        game.id,
        s.id,
        s.role,
        s.teams,
      ]);
    }
    await tx.query("insert into game_states (game_id, state) values ($1, $2)", [
      game.id,
      { seats: seats.map((s) => ({ id: s.id, role: s.role })) },
    ]);
    for (const e of events) {
      await tx.query("insert into game_events (game_id, audience, type, payload) values ($1, $2, $3, $4)", [
        game.id,
        audienceKey(e.audience),
        e.label,
        { label: e.label },
      ]);
    }
    for (const v of ["wolfAlive", "seer"] as const) {
      await tx.query(
        "insert into action_requests (game_id, user_id, idempotency_key, response) values ($1, $2, $3, $4)",
        [game.id, ids[v], `key-${v}`, { ok: true, who: v }],
      );
    }

    // Room R2: the outsider's room, a classic game where classicDead died and was revealed.
    const [room2] = await tx.query<{ id: string }>(
      "insert into rooms (code, host_id, status) values ($1, $2, 'playing') returning id",
      [`S${randomUUID().slice(0, 8)}`, ids.outsider],
    );
    const [game2] = await tx.query<{ id: string }>(
      "insert into games (room_id, mode, phase, day) values ($1, 'werewolf', 'day', 1) returning id",
      [room2.id],
    );
    await tx.query("update rooms set game_id = $2 where id = $1", [room2.id, game2.id]);
    for (const [i, [v, role, teams, alive]] of (
      [
        ["outsider", "seer", [VILLAGE], true],
        ["classicDead", "wolf", [WOLVES], false],
      ] as const
    ).entries()) {
      await tx.query("insert into room_members (room_id, user_id, display_name) values ($1, $2, $3)", [
        room2.id,
        ids[v],
        v,
      ]);
      await tx.query("insert into game_players (game_id, user_id, seat, alive) values ($1, $2, $3, $4)", [
        game2.id,
        ids[v],
        i + 1,
        alive,
      ]);
      await tx.query("insert into game_roles (game_id, user_id, role, teams) values ($1, $2, $3, $4)", [
        game2.id,
        ids[v],
        role,
        [...teams],
      ]);
    }
    for (const e of classicEvents) {
      await tx.query("insert into game_events (game_id, audience, type, payload) values ($1, $2, $3, $4)", [
        game2.id,
        audienceKey(e.audience),
        e.label,
        e.label === "roleRevealed" ? { label: e.label, player: ids.classicDead, role: "wolf" } : { label: e.label },
      ]);
    }
    return { roomId: room.id, gameId: game.id, room2Id: room2.id, game2Id: game2.id };
  });

  return {
    ended,
    ids,
    ...world,
    seats,
    members,
    events,
    classicEvents,
    claims: (v) => ({ sub: ids[v], role: "authenticated", is_anonymous: true }),
  };
}
