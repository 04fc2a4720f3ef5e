// Issue 26 item 2 (spec section 11) on the wire: what each seat of a Werewolf card game reads
// through the routes, against the engine's own rule of who may read what. Every seat is a person
// (so each can be read as itself) playing the bot's brain on their view. At sampled steps every seat
// reads the whole event list from the start through GET /games/:id/events: it must be exactly the
// engine log's events `canSee` gives that seat now; the game row reads the same for every seat; no
// public event before the end carries a role, a hand or a Night card; the fixed steps (the count,
// the Night) last their time whatever happens in them.
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { useDb } from "@/lib/server/db";
import { canSee } from "@/lib/game/core/types";
import { cardWerewolf } from "@/lib/game/card-werewolf/mode";
import { SECONDS } from "@/lib/game/card-werewolf/tables";
import type { CardWerewolfState } from "@/lib/game/card-werewolf/types";
import { GET as gameRoute } from "@/app/api/games/[id]/route";
import { GET as meRoute } from "@/app/api/games/[id]/me/route";
import { GET as chatRoute } from "@/app/api/games/[id]/chat/route";
import { POST as actionsRoute } from "@/app/api/games/[id]/actions/route";
import { advanceDue } from "@/lib/server/advance-due";
import type { Client } from "./helpers";
import { cardTable, playToEnd } from "./card-werewolf-table";
import { readAllEvents, withoutDay, storedState, type ModeTable } from "./mode-table";

const SCALE = 0.02;
process.env.MASOI_TIME_SCALE = String(SCALE);

/**
 * Steps at which every seat's reads are audited (each reads from the start): the count (the team
 * told), the first turn of each Daytime (the Night's cards and results before it) and the end. The
 * short steps (Seer, the Werewolves' choice, the Night) pass between two polls, so they are read
 * from after.
 */
function audited(g: { phase: string; day: number }, days: Set<number>): boolean {
  if (g.phase === "identify" || g.phase === "ended") return true;
  if (g.phase !== "day" || days.has(g.day)) return false;
  days.add(g.day);
  return true;
}
/** Fields that hold a secret (section 11): only on events to one player, or at the end. */
const SECRET_FIELDS = ["role", "roles", "cards", "seen", "team", "wolves", "traitor"];

forEachDb("The Werewolf card game on the wire", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  async function audit(table: ModeTable): Promise<void> {
    const s = await storedState<CardWerewolfState>(db(), table.gameId);
    const ended = s.phase === "ended";
    const rows = new Set<string>();
    for (const seat of cardWerewolf.seats(s)) {
      const p = table.people.find((c) => c.id === seat.player)!;
      const read = await readAllEvents(table, p);
      const allowed = s.log.filter((e) => canSee(e.audience, seat, ended));
      expect(read.map(withoutDay), `${seat.role} ${seat.player} in ${s.phase} day ${s.day}`).toEqual(allowed.map(withoutDay));
      // What a seat reads beyond its own events is public: no secret on it before the end.
      if (!ended) {
        for (const e of read.filter((x) => x.audience.kind === "public")) {
          expect(Object.keys(e).filter((k) => SECRET_FIELDS.includes(k)), e.type).toEqual([]);
          // CW-R28: a Night card is shown only as the dead holder's Claw.
          if (e.type !== "played" && e.type !== "cancelled") expect(e.card, e.type).toBeUndefined();
        }
      }
      const g = (await p.call(gameRoute, { params: { id: table.gameId } })).body;
      rows.add(JSON.stringify({ game: g.game, players: g.players }));
      // CW-R6, CW-R24: the seat's own role, never another's, dead or alive.
      const me = (await p.call(meRoute, { params: { id: table.gameId } })).body;
      expect(me.role).toBe(s.roles[seat.player]);
    }
    // The game row and seats read alike for every seat: no role, no hand size, nothing per seat.
    expect(rows.size).toBe(1);
    const { game, players } = JSON.parse([...rows][0]);
    expect([...new Set((players as object[]).flatMap(Object.keys))].sort()).toEqual(["alive", "appearance", "displayName", "isBot", "seat", "userId"]);
    expect(Object.keys(game)).not.toContain("state");
  }

  it("section 11, CW-R6, CW-R10, CW-R27, CW-R28, CW-R36, CW-R41, CW-R45: every seat of an 8-person advanced game reads exactly what the rules let it, step after step", async () => {
    const table = await cardTable(8, 0, { angel: "powerful", traitor: true });
    let audits = 0;
    const days = new Set<number>();
    const game = await playToEnd(db(), table, {
      seed: 26,
      onStep: async (g) => {
        if (!audited(g, days)) return;
        await audit(table);
        audits++;
      },
    });
    expect(game.ended).toBe(true);
    expect(audits).toBeGreaterThanOrEqual(3);
    const s = await storedState<CardWerewolfState>(db(), table.gameId);
    // The game went through the short steps the audits read from after.
    expect(s.log.some((e) => e.type === "pointed")).toBe(true);
    expect(s.log.some((e) => e.type === "night_card")).toBe(true);
    // The fixed steps (CW-R10's count, CW-R27's look at the Night cards) last their time: their
    // length says nothing about who holds what.
    const phases = s.log.filter((e) => e.type === "phase");
    phases.forEach((e, i) => {
      const fixed = e.phase === "identify" ? SECONDS.identify : e.phase === "night" ? SECONDS.night : null;
      if (fixed === null) return;
      expect((e.deadline as number) - e.at).toBe(fixed * 1000 * SCALE);
      expect(phases[i + 1]?.at ?? s.log.at(-1)!.at).toBeGreaterThanOrEqual(e.deadline as number);
    });
  }, 240_000);

  it("CW-P11, CW-R10, CW-R24: the Werewolves talk during Identification, read by them alone; the table talks from the first Daytime", async () => {
    // Slow steps here (the count 100 s): the clock moves only through advanceDue below.
    process.env.MASOI_TIME_SCALE = "20";
    const table = await cardTable(7, 0, { angel: "powerful" }).finally(() => (process.env.MASOI_TIME_SCALE = String(SCALE)));
    const { gameId } = table;
    const roleOf = new Map<string, string>();
    for (const p of table.people) roleOf.set(p.id, (await p.call(meRoute, { params: { id: gameId } })).body.role);
    const wolves = table.people.filter((p) => roleOf.get(p.id) === "werewolf");
    const others = table.people.filter((p) => roleOf.get(p.id) !== "werewolf");
    expect(wolves).toHaveLength(2);
    let n = 0;
    const say = (p: Client, channel: string, text: string) => p.call(actionsRoute, { params: { id: gameId }, body: { action: { type: "chat", channel, text }, idempotencyKey: `c${++n}` } });
    const reads = async (p: Client) => {
      const g = (await p.call(gameRoute, { params: { id: gameId } })).body;
      const events = await readAllEvents(table, p);
      const chat = (await p.call(chatRoute, { params: { id: gameId }, query: "?channel=wolves&day=0" })).body;
      return JSON.stringify({ game: g.game, players: g.players, events, chat });
    };
    const before = await Promise.all(others.map(reads));
    expect((await say(wolves[0], "wolves", "I point at me")).status).toBe(200);
    expect((await say(wolves[1], "wolves", "fine")).status).toBe(200);
    // Nobody else reads a byte of it: not the line, not that a line was written.
    expect(await Promise.all(others.map(reads))).toEqual(before);
    const wolfChat = JSON.stringify((await wolves[1].call(chatRoute, { params: { id: gameId }, query: "?channel=wolves&day=0" })).body);
    expect(wolfChat).toContain("I point at me");
    // The Angel and the Villagers have no such channel; the table is closed while eyes are shut.
    expect((await say(others[0], "wolves", "me too")).body.error.code).toBe("NOT_YOUR_TURN");
    expect((await say(others[0], "table", "hello")).body.error.code).toBe("WRONG_PHASE");
    // The count ends; the Werewolves choose for the Powerful Angel (still their chat's step, CW-P9).
    const deadline = (await table.host.call(gameRoute, { params: { id: gameId } })).body.game.deadline as number;
    await advanceDue(db(), deadline);
    expect((await table.host.call(gameRoute, { params: { id: gameId } })).body.game.phase).toBe("identify.wolves");
    expect((await say(wolves[0], "wolves", "him")).status).toBe(200);
    const point = await wolves[0].call(actionsRoute, { params: { id: gameId }, body: { action: { type: "point", target: wolves[1].id }, idempotencyKey: "point" } });
    expect(point.status).toBe(200);
    // The first Daytime: the Werewolves' channel is shut, the table open to every living player.
    expect((await table.host.call(gameRoute, { params: { id: gameId } })).body.game.phase).toBe("day");
    expect((await say(wolves[0], "wolves", "late")).body.error.code).toBe("WRONG_PHASE");
    expect((await say(others[0], "table", "I'm safe")).status).toBe(200);
    const tableChat = JSON.stringify((await wolves[0].call(chatRoute, { params: { id: gameId }, query: "?channel=table&day=1" })).body);
    expect(tableChat).toContain("I'm safe");
  }, 60_000);
});
