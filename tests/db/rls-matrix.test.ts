// Row-level security, table by table and viewer by viewer, on PGlite and (with
// TEST_DATABASE_URL) real Postgres. Data is seeded as the owner; every read runs through
// db.asUser, i.e. as `authenticated`/`anon` with JWT claims, exactly as player reads do.
import { beforeAll, describe, expect, it } from "vitest";
import { audienceKey, canSee } from "@/lib/game/core/types";
import type { Claims, Db } from "@/lib/db/types";
import { forEachDb } from "./test-db";
import { APP_TABLES } from "../support/tables";
import { seedWorld, WOLVES, VILLAGE, type Viewer, type World } from "./seed-world";
import { seedWitchHunt, WH_SEATS, type WhViewer, type WhWorld } from "./seed-witch-hunt";
import { CW_PUBLIC, CW_SEATS, seedCardWerewolf, type CwViewer, type CwWorld } from "./seed-card-werewolf";
import type { ModeWorld } from "./seed-mode-room";

/** Catch the Witch (issue 25 item 2, WH-R41–R44): labels of room W's events each viewer reads while it runs. */
const WH_COMMON = ["phase", "chat:table", "evening_news"];
const WH_COVEN = ["witches_known", "witch_counts", "witch_went", "cast", "chat:coven"];
const WH_RUNNING: Record<WhViewer, string[]> = {
  host: [...WH_COMMON, "role:host"],
  witch: [...WH_COMMON, "role:witch", ...WH_COVEN, "witch_here"],
  // WH-P10: a frog is still in the game: it keeps the coven's dialog (and does nothing with spells, P6).
  frogWitch: [...WH_COMMON, "role:frogWitch", ...WH_COVEN],
  // Expelled: out of the game, out of its team (as a dead wolf).
  expelledWitch: [...WH_COMMON, "role:expelledWitch"],
  // WH-P6: the Crow knows the witches, never their dialog.
  crow: [...WH_COMMON, "role:crow", "witches_known"],
  seer: [...WH_COMMON, "role:seer", "picked:seer", "seer_result"],
  guard: [...WH_COMMON, "role:guard", "guard_counts"],
  spectator: WH_COMMON,
};

/** The Werewolf card game (issue 26 item 2, section 11): labels of room C's events each viewer reads while it runs. */
const own = (v: CwViewer) => [...CW_PUBLIC, `role:${v}`, `dealt:${v}`];
const CW_RUNNING: Record<CwViewer, string[]> = {
  host: [...own("host"), "night_card:host"],
  // CW-R10, CW-R41: the Werewolf team knows its members, each through their own event.
  wolf: [...own("wolf"), "wolves_known:wolf", "chat:wolves"],
  // A dead Werewolf keeps what it knew (player audiences) and its own Night card (CW-R28), not the team's chat.
  deadWolf: [...own("deadWolf"), "wolves_known:deadWolf", "night_card:deadWolf"],
  // CW-R41: the Traitor meets the Werewolves, and reads their chat.
  traitor: [...own("traitor"), "wolves_known:traitor", "chat:wolves"],
  // CW-R44: the Angel's look; CW-R36: the Seer's result and the viewer's draw, to them alone.
  angel: [...own("angel"), "angel_saw"],
  seer: [...own("seer"), "drew:seer", "seer_result"],
  // CW-R23: the GM reads later dead players' roles.
  gm: [...own("gm"), "dead_role"],
  spectator: CW_PUBLIC,
};

const ROOM_MEMBERS: Viewer[] = ["host", "wolfAlive", "wolfDead", "seer", "witch", "villagerDead", "spectator"];
const EVERYONE: (Viewer | "anon")[] = [...ROOM_MEMBERS, "outsider", "anon"];

/** Labels of game G's events each viewer may read while the game runs. */
const RUNNING_EVENTS: Record<Viewer, string[]> = {
  host: ["phase", "death", "role:host"],
  wolfAlive: ["phase", "death", "role:wolfAlive", "wolvesKnown:wolfAlive", "wolfChat", "wolfPick"],
  wolfDead: ["phase", "death", "role:wolfDead", "wolvesKnown:wolfDead"],
  seer: ["phase", "death", "role:seer", "seerResult"],
  witch: ["phase", "death", "role:witch", "witchInfo"],
  villagerDead: ["phase", "death", "role:villagerDead"],
  spectator: ["phase", "death"],
  outsider: [],
  classicDead: [],
};

const sorted = (xs: string[]) => [...xs].sort();

function claimsOf(w: World, v: Viewer | "anon"): Claims | null {
  return v === "anon" ? null : w.claims(v);
}

async function read<T = Record<string, unknown>>(db: Db, claims: Claims | null, sql: string, params: unknown[] = []) {
  return db.asUser(claims, (tx) => tx.query<T>(sql, params));
}

async function expectDenied(db: Db, claims: Claims | null, sql: string, params: unknown[] = []) {
  await expect(read(db, claims, sql, params)).rejects.toMatchObject({ code: "42501" });
}

async function eventLabels(db: Db, w: World, v: Viewer, gameId = w.gameId): Promise<string[]> {
  const rows = await read<{ type: string }>(db, w.claims(v), "select type from game_events where game_id = $1", [gameId]);
  return sorted(rows.map((r) => r.type));
}

async function roleRows(db: Db, w: World, v: Viewer, gameId = w.gameId): Promise<string[]> {
  const rows = await read<{ user_id: string }>(db, w.claims(v), "select user_id from game_roles where game_id = $1", [
    gameId,
  ]);
  return sorted(rows.map((r) => r.user_id));
}

const TABLES = [...APP_TABLES, "app.rate_limit_hits", "app.revoked_users", "app.schema_migrations"];

forEachDb("RLS matrix", (db) => {
  let running: World;
  let ended: World;
  beforeAll(async () => {
    running = await seedWorld(db(), { ended: false });
    ended = await seedWorld(db(), { ended: true });
  });

  describe("anon", () => {
    it("reads nothing: every table refuses the anon role", async () => {
      for (const t of TABLES) await expectDenied(db(), null, `select * from ${t}`);
    });

    it("receives no realtime topic and cannot call the membership helpers", async () => {
      await db().tx((tx) =>
        tx.query("insert into realtime.messages (topic, extension) values ($1, 'broadcast')", [`room:${running.roomId}`]),
      );
      const rows = await db().asUser(null, async (tx) => {
        await tx.query("select set_config('realtime.topic', $1, true)", [`room:${running.roomId}`]);
        return tx.query("select 1 from realtime.messages where topic = realtime.topic()");
      });
      expect(rows).toEqual([]);
      await expectDenied(db(), null, "select app.can_read_event($1, 'public')", [running.gameId]);
    });
  });

  describe("rooms and members", () => {
    it("members read their own room and its members only; a non-member reads neither", async () => {
      for (const v of ROOM_MEMBERS) {
        const rooms = await read<{ id: string }>(db(), running.claims(v), "select id from rooms");
        expect(rooms.map((r) => r.id), v).toEqual([running.roomId]);
        const members = await read<{ user_id: string }>(db(), running.claims(v), "select user_id from room_members");
        expect(sorted(members.map((m) => m.user_id)), v).toEqual(sorted(ROOM_MEMBERS.map((m) => running.ids[m])));
      }
      const outsiderRooms = await read<{ id: string }>(db(), running.claims("outsider"), "select id from rooms");
      expect(outsiderRooms.map((r) => r.id)).toEqual([running.room2Id]);
      const outsiderMembers = await read<{ room_id: string }>(
        db(),
        running.claims("outsider"),
        "select room_id from room_members where room_id = $1",
        [running.roomId],
      );
      expect(outsiderMembers).toEqual([]);
    });
  });

  describe("removed players (room_bans, migration 0027)", () => {
    const stranger = "00000000-0000-4000-8000-00000000b4b4";
    beforeAll(async () => {
      // The outsider was removed from room R; R2 (the outsider's own room) removed a stranger.
      await db().tx(async (tx) => {
        await tx.query("insert into room_bans (room_id, user_id, display_name) values ($1, $2, 'Outsider')", [running.roomId, running.ids.outsider]);
        await tx.query("insert into room_bans (room_id, user_id, display_name) values ($1, $2, 'Stranger')", [running.room2Id, stranger]);
      });
    });

    const bans = async (v: Viewer) =>
      sorted(
        (await read<{ room_id: string; user_id: string }>(db(), running.claims(v), "select room_id, user_id from room_bans")).map(
          (b) => `${b.room_id === running.roomId ? "R" : "R2"}:${b.user_id === stranger ? "stranger" : b.user_id === running.ids.outsider ? "outsider" : "?"}`,
        ),
      );

    it("W-ROOM-4: only the room's host reads its removed list; other members read none of it", async () => {
      expect(await bans("host")).toEqual(["R:outsider"]);
      for (const v of ROOM_MEMBERS.filter((m) => m !== "host")) expect(await bans(v), v).toEqual([]);
      expect(await bans("classicDead")).toEqual([]);
    });

    it("W-ROOM-4: a removed player reads only their own removal, and through it nothing of the room", async () => {
      // The outsider hosts R2 (its list) and was removed from R (their own row, nothing else of R).
      expect(await bans("outsider")).toEqual(["R2:stranger", "R:outsider"].sort());
      const rooms = await read<{ id: string }>(db(), running.claims("outsider"), "select id from rooms");
      expect(rooms.map((r) => r.id)).toEqual([running.room2Id]);
      expect(await read(db(), running.claims("outsider"), "select 1 from room_members where room_id = $1", [running.roomId])).toEqual([]);
      const [own] = await read<Record<string, unknown>>(db(), running.claims("outsider"), "select * from room_bans where room_id = $1", [running.roomId]);
      expect(Object.keys(own).sort()).toEqual(["appearance", "banned_at", "display_name", "room_id", "user_id"]);
      expect(own.display_name).toBe("Outsider");
    });
  });

  describe("games and seats", () => {
    it("S-DEATH-1: members see every seat and who is dead, but no role; a non-member sees nothing", async () => {
      for (const v of ROOM_MEMBERS) {
        const games = await read<{ id: string }>(db(), running.claims(v), "select id from games");
        expect(games.map((g) => g.id), v).toEqual([running.gameId]);
        const players = await read<{ user_id: string; alive: boolean }>(
          db(),
          running.claims(v),
          "select user_id, alive from game_players where game_id = $1 order by seat",
          [running.gameId],
        );
        expect(players, v).toEqual(running.seats.map((s) => ({ user_id: s.id, alive: s.alive })));
      }
      expect(await read(db(), running.claims("outsider"), "select 1 from games where id = $1", [running.gameId])).toEqual([]);
      expect(
        await read(db(), running.claims("outsider"), "select 1 from game_players where game_id = $1", [running.gameId]),
      ).toEqual([]);
    });

    it("S-START-2 / S-DEATH-1: each player reads only their own role, dead or alive; the spectator none", async () => {
      for (const s of running.seats) {
        expect(await roleRows(db(), running, s.viewer), s.viewer).toEqual([s.id]);
      }
      expect(await roleRows(db(), running, "spectator")).toEqual([]);
      expect(await roleRows(db(), running, "outsider")).toEqual([]);
    });

    it("S-END-1: after the end every member reads every role; a non-member still none", async () => {
      const all = sorted(ended.seats.map((s) => s.id));
      for (const v of ROOM_MEMBERS) expect(await roleRows(db(), ended, v), v).toEqual(all);
      expect(await roleRows(db(), ended, "outsider")).toEqual([]);
    });

    it("game_states and its patches are readable by no player role, not even after the end", async () => {
      for (const w of [running, ended]) {
        for (const v of [...ROOM_MEMBERS, "outsider"] as Viewer[]) {
          await expectDenied(db(), w.claims(v), "select * from game_states where game_id = $1", [w.gameId]);
          await expectDenied(db(), w.claims(v), "select * from game_state_patches where game_id = $1", [w.gameId]);
        }
      }
    });

    it("action replies: each player reads only their own", async () => {
      for (const v of ROOM_MEMBERS) {
        const rows = await read<{ idempotency_key: string }>(
          db(),
          running.claims(v),
          "select idempotency_key from action_requests",
        );
        expect(rows.map((r) => r.idempotency_key), v).toEqual(
          v === "wolfAlive" || v === "seer" ? [`key-${v}`] : [],
        );
      }
    });
  });

  describe("game events while the game runs", () => {
    it("every viewer reads exactly the events the rules allow", async () => {
      for (const v of [...ROOM_MEMBERS, "outsider"] as Viewer[]) {
        expect(await eventLabels(db(), running, v), v).toEqual(sorted(RUNNING_EVENTS[v]));
      }
    });

    it("the SQL policy agrees with canSee (lib/game/core) for every member and event", async () => {
      for (const w of [running, ended]) {
        for (const v of ROOM_MEMBERS) {
          const seat = w.seats.find((s) => s.viewer === v);
          const viewer = { player: w.ids[v], alive: seat?.alive ?? false, teams: seat?.teams ?? [] };
          const expected = w.events.filter((e) => canSee(e.audience, viewer, w.ended)).map((e) => e.label);
          expect(await eventLabels(db(), w, v), `${v} ended=${w.ended}`).toEqual(sorted(expected));
          // app.can_read_event, the single-event form, gives the same answers.
          for (const e of w.events) {
            const [row] = await read<{ ok: boolean }>(db(), w.claims(v), "select app.can_read_event($1, $2) as ok", [
              w.gameId,
              audienceKey(e.audience),
            ]);
            expect(row.ok, `${v} ${e.label} ended=${w.ended}`).toBe(expected.includes(e.label));
          }
        }
      }
    });

    it("S-START-2: a player's role event reaches that player only", async () => {
      for (const s of running.seats) {
        const labels = await eventLabels(db(), running, s.viewer);
        expect(labels.filter((l) => l.startsWith("role:")), s.viewer).toEqual([`role:${s.viewer}`]);
      }
    });

    it("S-START-3: wolves learn their pack through their own player events", async () => {
      expect(await eventLabels(db(), running, "wolfAlive")).toContain("wolvesKnown:wolfAlive");
      expect(await eventLabels(db(), running, "wolfDead")).toContain("wolvesKnown:wolfDead");
      for (const v of ["host", "seer", "witch", "villagerDead", "spectator"] as Viewer[]) {
        expect((await eventLabels(db(), running, v)).filter((l) => l.startsWith("wolvesKnown")), v).toEqual([]);
      }
    });

    it("S-CHAT-3: only living wolves read wolf chat; a dead wolf loses access", async () => {
      const readers: Viewer[] = [];
      for (const v of ROOM_MEMBERS) if ((await eventLabels(db(), running, v)).includes("wolfChat")) readers.push(v);
      expect(readers).toEqual(["wolfAlive"]);
    });

    it("S-CHAT-3: a wolf who dies stops reading wolf chat at once", async () => {
      const wolf = running.ids.wolfAlive;
      try {
        await db().tx((tx) =>
          tx.query("update game_players set alive = false where game_id = $1 and user_id = $2", [running.gameId, wolf]),
        );
        expect(await eventLabels(db(), running, "wolfAlive")).not.toContain("wolfChat");
      } finally {
        await db().tx((tx) =>
          tx.query("update game_players set alive = true where game_id = $1 and user_id = $2", [running.gameId, wolf]),
        );
      }
      expect(await eventLabels(db(), running, "wolfAlive")).toContain("wolfChat");
    });

    it("S-WOLF-2: only living wolves read the wolves' picks", async () => {
      const readers: Viewer[] = [];
      for (const v of ROOM_MEMBERS) if ((await eventLabels(db(), running, v)).includes("wolfPick")) readers.push(v);
      expect(readers).toEqual(["wolfAlive"]);
    });

    it("S-SEER-1: the seer's result reaches the seer alone", async () => {
      const readers: Viewer[] = [];
      for (const v of ROOM_MEMBERS) if ((await eventLabels(db(), running, v)).includes("seerResult")) readers.push(v);
      expect(readers).toEqual(["seer"]);
    });

    it("S-WITCH-2: the witch's information reaches the witch alone", async () => {
      const readers: Viewer[] = [];
      for (const v of ROOM_MEMBERS) if ((await eventLabels(db(), running, v)).includes("witchInfo")) readers.push(v);
      expect(readers).toEqual(["witch"]);
    });

    it("S-DEATH-1: 'end' events (the timeline) are read by nobody before the end", async () => {
      for (const v of ROOM_MEMBERS) expect(await eventLabels(db(), running, v), v).not.toContain("timeline");
    });

    it("team events are not readable through the SQL helper by anyone outside the team", async () => {
      const rows = await read<{ ok: boolean }>(
        db(),
        running.claims("seer"),
        `select app.can_read_event($1, 'team:${WOLVES}') as ok`,
        [running.gameId],
      );
      expect(rows).toEqual([{ ok: false }]);
    });
  });

  describe("after the end", () => {
    it("S-END-1: every member reads every event; a non-member still reads none", async () => {
      const all = sorted(ended.events.map((e) => e.label));
      for (const v of ROOM_MEMBERS) expect(await eventLabels(db(), ended, v), v).toEqual(all);
      expect(await eventLabels(db(), ended, "outsider")).toEqual([]);
    });
  });

  describe("classic reveals", () => {
    it("C-REVEAL-1: a dead player's revealed role is a public event for the room, while their role row stays private", async () => {
      expect(await eventLabels(db(), running, "outsider", running.game2Id)).toEqual(
        sorted(["roleRevealed", "classicRole:outsider"]),
      );
      expect(await eventLabels(db(), running, "classicDead", running.game2Id)).toEqual(["roleRevealed"]);
      // Not a member of room R2: no reveal for them.
      expect(await eventLabels(db(), running, "host", running.game2Id)).toEqual([]);
      // The reveal is the event; game_roles still shows the outsider only their own row.
      expect(await roleRows(db(), running, "outsider", running.game2Id)).toEqual([running.ids.outsider]);
    });
  });

  describe("realtime topic authorization (private channels)", () => {
    type Topic = { rules: string; name: string; topic: (w: World) => string; allowed: Viewer[] };
    const TOPICS: Topic[] = [
      { rules: "public signals", name: "room topic", topic: (w) => `room:${w.roomId}`, allowed: ROOM_MEMBERS },
      // No team topics (0023): a team's events signal each living member's user topic.
      { rules: "S-CHAT-3 / S-WOLF-2", name: "wolves topic", topic: (w) => `room:${w.roomId}:team:${WOLVES}`, allowed: [] },
      { rules: "S-CHAT-3", name: "village topic", topic: (w) => `room:${w.roomId}:team:${VILLAGE}`, allowed: [] },
      { rules: "S-SEER-1", name: "seer's user topic", topic: (w) => `user:${w.ids.seer}`, allowed: ["seer"] },
      { rules: "S-START-2", name: "dead wolf's user topic", topic: (w) => `user:${w.ids.wolfDead}`, allowed: ["wolfDead"] },
      { rules: "S-WOLF-2", name: "living wolf's user topic", topic: (w) => `user:${w.ids.wolfAlive}`, allowed: ["wolfAlive"] },
      { rules: "public signals", name: "other room topic", topic: (w) => `room:${w.room2Id}`, allowed: ["outsider", "classicDead"] },
      { rules: "S-CHAT-3", name: "other room's wolves", topic: (w) => `room:${w.room2Id}:team:${WOLVES}`, allowed: [] },
      { rules: "malformed", name: "malformed room topic", topic: () => "room:not-a-uuid", allowed: [] },
      { rules: "malformed", name: "room topic with a suffix", topic: (w) => `room:${w.roomId}:x`, allowed: [] },
      // Topic epochs (0025): only the current epoch's name; nobody was removed, so that is epoch 0.
      { rules: "W-ROOM-4", name: "room topic at an epoch not reached", topic: (w) => `room:${w.roomId}:1`, allowed: [] },
      { rules: "malformed", name: "room topic at epoch 0 spelled out", topic: (w) => `room:${w.roomId}:0`, allowed: [] },
      { rules: "malformed", name: "user topic with an epoch", topic: (w) => `user:${w.ids.seer}:1`, allowed: [] },
      { rules: "malformed", name: "team topic with a suffix", topic: (w) => `room:${w.roomId}:team:${WOLVES}:x`, allowed: [] },
      { rules: "malformed", name: "user topic naming a room", topic: (w) => `user:${w.roomId}`, allowed: [] },
      { rules: "malformed", name: "unknown topic", topic: () => "global", allowed: [] },
    ];

    beforeAll(async () => {
      await db().tx(async (tx) => {
        for (const t of TOPICS) {
          await tx.query("insert into realtime.messages (topic, extension, payload) values ($1, 'broadcast', $2)", [
            t.topic(running),
            { kind: "events" },
          ]);
        }
      });
    });

    // As Supabase Realtime checks a join: realtime.topic() set, then SELECT under the policies.
    async function canJoin(v: Viewer | "anon", topic: string): Promise<boolean> {
      return db().asUser(claimsOf(running, v), async (tx) => {
        await tx.query("select set_config('realtime.topic', $1, true)", [topic]);
        const rows = await tx.query("select 1 from realtime.messages where topic = realtime.topic() limit 1");
        return rows.length > 0;
      });
    }

    for (const t of TOPICS) {
      it(`${t.rules}: ${t.name} admits exactly ${t.allowed.join(", ") || "nobody"}`, async () => {
        const admitted: string[] = [];
        for (const v of [...EVERYONE, "classicDead"] as (Viewer | "anon")[]) if (await canJoin(v, t.topic(running))) admitted.push(v);
        expect(sorted(admitted)).toEqual(sorted(t.allowed));
        // The embedded SSE server asks app.can_join_topic directly: same answer.
        for (const v of [...ROOM_MEMBERS, "outsider"] as Viewer[]) {
          const [row] = await read<{ ok: boolean }>(db(), running.claims(v), "select app.can_join_topic($1) as ok", [
            t.topic(running),
          ]);
          expect(row.ok, `${v} ${t.name}`).toBe(t.allowed.includes(v));
        }
      });
    }
  });

  /** Labels of a seeded mode room's events `v` reads. */
  const modeLabels = async <V extends string>(w: ModeWorld<V>, v: V) =>
    sorted((await read<{ type: string }>(db(), w.claims(v), "select type from game_events where game_id = $1", [w.gameId])).map((r) => r.type));

  /** For each viewer of each world: the policy's rows are the events canSee gives its seat (teams as stored, alive per `aliveOf`). */
  async function expectPolicyAgrees<V extends string>(worlds: ModeWorld<V>[], viewers: V[], seated: (v: V) => boolean, aliveOf: (v: V) => boolean) {
    for (const w of worlds) {
      for (const v of viewers) {
        const teams = seated(v) ? (await read<{ teams: string[] }>(db(), w.claims(v), "select teams from game_roles where game_id = $1 and user_id = $2", [w.gameId, w.ids[v]]))[0].teams : [];
        const viewer = { player: w.ids[v], alive: aliveOf(v), teams };
        const expected = w.events.filter((e) => canSee(e.audience, viewer, w.ended)).map((e) => e.label);
        expect(await modeLabels(w, v), `${v} ended=${w.ended}`).toEqual(sorted(expected));
      }
    }
  }

  describe("Catch the Witch audiences (WH-R41–R44, WH-P5, WH-P6, WH-P10)", () => {
    let wh: WhWorld;
    let whEnded: WhWorld;
    beforeAll(async () => {
      wh = await seedWitchHunt(db(), { ended: false });
      whEnded = await seedWitchHunt(db(), { ended: true });
    });
    const labels = modeLabels<WhViewer>;

    it("WH-R41, WH-R42, WH-R44: every seat reads exactly its own, its team's and the public events; 'end' events nobody", async () => {
      for (const v of Object.keys(WH_RUNNING) as WhViewer[]) expect(await labels(wh, v), v).toEqual(sorted(WH_RUNNING[v]));
    });

    it("WH-P5, WH-P6: the policy agrees with canSee for the mode's own seats (teams from teamsOf, alive = not expelled)", async () => {
      const seat = (v: WhViewer) => WH_SEATS.find((s) => s.viewer === v);
      await expectPolicyAgrees([wh, whEnded], Object.keys(WH_RUNNING) as WhViewer[], (v) => seat(v) !== undefined, (v) => seat(v) !== undefined && seat(v)!.form !== "expelled");
    });

    it("WH-R41: the role rows stay private; the coven's topic does not exist (team events signal user topics)", async () => {
      for (const v of ["witch", "crow", "seer"] as WhViewer[]) {
        expect((await read<{ user_id: string }>(db(), wh.claims(v), "select user_id from game_roles where game_id = $1", [wh.gameId])).map((r) => r.user_id)).toEqual([wh.ids[v]]);
      }
      for (const v of ["witch", "frogWitch", "crow"] as WhViewer[]) {
        const [row] = await read<{ ok: boolean }>(db(), wh.claims(v), "select app.can_join_topic($1) as ok", [`room:${wh.roomId}:team:coven`]);
        expect(row.ok, v).toBe(false);
      }
    });

    it("WH-R13: after the end every member reads every event", async () => {
      const all = sorted(whEnded.events.map((e) => e.label));
      for (const v of Object.keys(WH_RUNNING) as WhViewer[]) expect(await labels(whEnded, v), v).toEqual(all);
    });
  });

  describe("Werewolf card game audiences (section 11, CW-R6, CW-R10, CW-R23, CW-R28, CW-R36, CW-R44, CW-P11)", () => {
    let cw: CwWorld;
    let cwEnded: CwWorld;
    beforeAll(async () => {
      cw = await seedCardWerewolf(db(), { ended: false });
      cwEnded = await seedCardWerewolf(db(), { ended: true });
    });
    const labels = modeLabels<CwViewer>;

    it("section 11: every seat reads exactly its own and the public events, dead or alive; the spectator the public ones", async () => {
      for (const v of Object.keys(CW_RUNNING) as CwViewer[]) expect(await labels(cw, v), v).toEqual(sorted(CW_RUNNING[v]));
    });

    it("section 11: the policy agrees with canSee for the mode's own seats (teams from teamsOf)", async () => {
      const seat = (v: CwViewer) => CW_SEATS.find((s) => s.viewer === v);
      await expectPolicyAgrees([cw, cwEnded], Object.keys(CW_RUNNING) as CwViewer[], (v) => seat(v) !== undefined, (v) => seat(v)?.alive ?? false);
    });

    it("CW-R6, CW-R24: the role rows stay private, the dead's too (the GM reads roles only through its events)", async () => {
      for (const v of ["wolf", "traitor", "gm", "deadWolf"] as CwViewer[]) {
        expect((await read<{ user_id: string }>(db(), cw.claims(v), "select user_id from game_roles where game_id = $1", [cw.gameId])).map((r) => r.user_id)).toEqual([cw.ids[v]]);
      }
      expect(await read(db(), cw.claims("spectator"), "select user_id from game_roles where game_id = $1", [cw.gameId])).toEqual([]);
    });

    it("CW-R24 (game end): after the end every member reads every event and every role", async () => {
      const all = sorted(cwEnded.events.map((e) => e.label));
      for (const v of Object.keys(CW_RUNNING) as CwViewer[]) {
        expect(await labels(cwEnded, v), v).toEqual(all);
        expect(await read(db(), cwEnded.claims(v), "select user_id from game_roles where game_id = $1", [cwEnded.gameId])).toHaveLength(CW_SEATS.length);
      }
    });
  });

  describe("writes", () => {
    // One column per table to try an update on (any column: the privilege check comes first).
    const UPDATE_COLUMN: Record<string, string> = {
      rooms: "code",
      room_members: "display_name",
      room_bans: "display_name",
      games: "phase",
      game_players: "alive",
      game_roles: "role",
      game_states: "state",
      game_state_patches: "patch",
      game_events: "type",
      action_requests: "response",
      "app.rate_limit_hits": "key",
      "app.revoked_users": "user_id",
      "app.schema_migrations": "name",
      "realtime.messages": "topic",
    };
    for (const who of ["anon", "host"] as const) {
      it(`are refused on every table for ${who === "anon" ? "anon" : "authenticated (the host)"}`, async () => {
        const claims = claimsOf(running, who);
        for (const [t, column] of Object.entries(UPDATE_COLUMN)) {
          if (t !== "realtime.messages") await expectDenied(db(), claims, `insert into ${t} default values`);
          await expectDenied(db(), claims, `update ${t} set ${column} = ${column}`);
          await expectDenied(db(), claims, `delete from ${t}`);
        }
        // realtime.messages: inserting (sending) is privileged as on Supabase, but no policy allows it.
        await expectDenied(db(), claims, "insert into realtime.messages (topic, extension) values ($1, 'broadcast')", [
          `room:${running.roomId}`,
        ]);
      });
    }

    it("the rate limiter is not callable by players", async () => {
      await expectDenied(db(), running.claims("host"), "select app.rate_limit_take('x', 5, 5000)");
      await expectDenied(db(), running.claims("host"), "select app.rate_limit_prune(now())");
    });

    it("nothing the owner wrote was changed by the refused writes", async () => {
      const [counts] = await db().tx((tx) =>
        tx.query<{ rooms: number; events: number; roles: number }>(
          `select (select count(*) from rooms where id = $1) as rooms,
                  (select count(*) from game_events where game_id = $2) as events,
                  (select count(*) from game_roles where game_id = $2) as roles`,
          [running.roomId, running.gameId],
        ),
      );
      expect(counts).toEqual({ rooms: 1, events: running.events.length, roles: running.seats.length });
    });
  });
});
