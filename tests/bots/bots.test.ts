// Bots in rooms (issue 5): the host seats bots in the lobby; a bot is a real member that plays
// through the person's action path from its own RLS view; one person + 7 bots is a full game.
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { expectRefused, signIn, type Client } from "../api/helpers";
import type { Claims, Db, Tx } from "@/lib/db/types";
import { useDb } from "@/lib/server/db";
import { advanceDue } from "@/lib/server/advance-due";
import { createScheduler, type Scheduler } from "@/lib/server/scheduler";
import { createBotRunner, type BotRunner } from "@/lib/server/bots/runner";
import type { TurnResult } from "@/lib/server/bots/turn";
import { POST as createRoute } from "@/app/api/rooms/route";
import { GET as roomRoute } from "@/app/api/rooms/[code]/route";
import { POST as joinRoute } from "@/app/api/rooms/[code]/join/route";
import { POST as readyRoute } from "@/app/api/rooms/[code]/ready/route";
import { POST as startRoute } from "@/app/api/rooms/[code]/start/route";
import { POST as resetRoute } from "@/app/api/rooms/[code]/reset/route";
import { POST as endGameRoute } from "@/app/api/rooms/[code]/end-game/route";
import { POST as addBotRoute } from "@/app/api/rooms/[code]/bots/route";
import { DELETE as removeBotRoute } from "@/app/api/rooms/[code]/bots/[userId]/route";
import { GET as viewRoute } from "@/app/api/games/[id]/view/route";
import { GET as meRoute } from "@/app/api/games/[id]/me/route";
import { POST as actionsRoute } from "@/app/api/games/[id]/actions/route";
import { POST as appearanceRoute } from "@/app/api/rooms/[code]/appearance/route";
import type { WerewolfView } from "@/lib/game/werewolf/types";
import { BOT_NAMES } from "@/lib/server/bots/bot-names";
import { isBotAppearance } from "@/lib/bot-appearance";
import { personMove } from "../support/person-move";

// Every phase at 2% of its length: a 30 s night step takes 0.6 s, bots act at moments inside it.
process.env.MASOI_TIME_SCALE = "0.02";

interface Audit {
  /** Every `asUser` the runner opened: as whom (`sub`), and its statements. */
  reads: { sub: string; texts: string[] }[];
  /** Owner transactions the runner opened, as the SQL they ran. */
  owner: string[][];
  /** The runner's `onListen`: calling it again is a reconnected LISTEN. */
  relisten?: () => void;
}

/** How each owner script of the action path begins: context read, optimistic write, locked read. */
const ACTION_PATH = /^(select g\.id, g\.room_id, [^;]* from games g left join game_states s on s\.game_id = g\.id |select app\.expect_game_rev\(|select [^;]* from games where id = \S+ for update;)/;

/** The runner's database, recording which identities it reads as and what the owner reads. */
function audited(db: Db): { db: Db; audit: Audit } {
  const audit: Audit = { reads: [], owner: [] };
  const wrapped: Db = {
    kind: db.kind,
    exec: (script) => (audit.owner.push([script]), db.exec(script)),
    listen: (c, f, l) => ((audit.relisten = l), db.listen(c, f, l)),
    close: () => db.close(),
    asUser: (claims: Claims | null, fn) => {
      const sub = claims?.sub ?? "anon";
      const texts: string[] = [];
      audit.reads.push({ sub, texts });
      return db.asUser(claims, (tx) =>
        fn({
          query: (text, params) => (texts.push(text), tx.query(text, params)),
          exec: (script) => (texts.push(script), tx.exec(script)),
        } as Tx),
      );
    },
    tx: (fn) => {
      const texts: string[] = [];
      audit.owner.push(texts);
      return db.tx((tx) =>
        fn({
          query: (text, params) => (texts.push(text), tx.query(text, params)),
          exec: (script) => (texts.push(script), tx.exec(script)),
        } as Tx),
      );
    },
  };
  return { db: wrapped, audit };
}

let rooms = 0;
async function hostRoom() {
  const host = await signIn(`Host ${++rooms}`);
  const created = await host.call(createRoute, { body: {} });
  expect(created.status).toBe(201);
  return { host, code: created.body.room.code as string, roomId: created.body.room.id as string };
}

const WHOLE_VIEW_READ = "from game_players where game_id = $1 order by seat";
const NEW_EVENTS_READ = "app.game_events_after";

const addBot = (c: Client, code: string, body: object = {}) => c.call(addBotRoute, { params: { code }, body });
const removeBot = (c: Client, code: string, userId: string) => c.call(removeBotRoute, { method: "DELETE", params: { code, userId } });

/** Seven bots join the host, who readies and starts: the bots' ids and the game's. */
async function startWithSevenBots(host: Client, code: string): Promise<{ botIds: string[]; gameId: string }> {
  let snap;
  for (let i = 0; i < 7; i++) snap = await addBot(host, code);
  const botIds: string[] = snap!.body.members.filter((m: { isBot: boolean }) => m.isBot).map((m: { userId: string }) => m.userId);
  expect(botIds).toHaveLength(7);
  await host.call(readyRoute, { params: { code }, body: { ready: true } });
  const started = await host.call(startRoute, { params: { code } });
  expect(started.status).toBe(201);
  return { botIds, gameId: started.body.gameId };
}

forEachDb("bots in rooms", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  it("W-ROOM-4: the host seats bots in the lobby — real members, marked isBot, ready at once, each with a name and a robot look of its own", async () => {
    const { host, code } = await hostRoom();
    let snap;
    for (let i = 0; i < 7; i++) expect((snap = await addBot(host, code)).status).toBe(200);
    const second = await addBot(host, code, { displayName: "Robo" });
    type M = { userId: string; displayName: string; appearance: string; ready: boolean; isHost: boolean; isBot: boolean };
    const bots: M[] = second.body.members.filter((m: M) => m.isBot);
    expect(bots.map((b) => [b.ready, b.isHost])).toEqual(Array.from({ length: 8 }, () => [true, false]));
    // Issue 22 item 4: given names from the Vietnamese list (the default language), all different;
    // robot looks, all different while there are enough of them.
    const vi = BOT_NAMES.vi;
    expect(bots.slice(0, 7).every((b) => vi.includes(b.displayName))).toBe(true);
    expect(new Set(bots.map((b) => b.displayName)).size).toBe(8);
    expect(bots.at(-1)!.displayName).toBe("Robo");
    expect(bots.every((b) => isBotAppearance(b.appearance))).toBe(true);
    expect(new Set(bots.map((b) => b.appearance)).size).toBe(8);
    expect(second.body.members.find((m: M) => !m.isBot).userId).toBe(host.id);
    expect(snap!.body.members.filter((m: M) => m.isBot)).toHaveLength(7);

    // In the host's language: a bot added from the Chinese UI has a name of the Chinese list.
    const zh = await addBot(host, code, { locale: "zh" });
    expect(BOT_NAMES.zh).toContain(zh.body.members.find((m: M) => m.isBot && !bots.some((b) => b.userId === m.userId)).displayName);

    // A person's name wins: a guest called like a bot joins, and the bot takes another name.
    const named = bots[0];
    const guest = await signIn(named.displayName.toUpperCase());
    expect((await guest.call(joinRoute, { params: { code }, body: {} })).status).toBe(200);
    const after: M[] = (await host.call(roomRoute, { params: { code } })).body.members;
    const renamed = after.find((m) => m.userId === named.userId)!;
    expect(renamed.displayName).not.toBe(named.displayName);
    expect(vi).toContain(renamed.displayName);
    expect(after.find((m) => m.userId === guest.id)!.displayName).toBe(named.displayName.toUpperCase());
    // Robot looks are the bots' own.
    await expectRefused(db(), () => guest.call(appearanceRoute, { params: { code }, body: { appearance: "bot-3" } }), 400, "BAD_REQUEST");
  });

  it("W-ROOM-4: only the host adds or removes bots, only in the lobby, only into free seats; refusals write nothing", async () => {
    const { host, code } = await hostRoom();
    const guest = await signIn("Guest");
    await guest.call(joinRoute, { params: { code }, body: {} });
    const added = await addBot(host, code);
    const botId = added.body.members.find((m: { isBot: boolean }) => m.isBot).userId as string;
    await expectRefused(db(), () => addBot(guest, code), 403, "NOT_HOST");
    await expectRefused(db(), () => removeBot(guest, code, botId), 403, "NOT_HOST");
    const outsider = await signIn("Outsider");
    await expectRefused(db(), () => addBot(outsider, code), 403, "NOT_A_MEMBER");
    // The bots endpoint never removes a person (that is kick), and an unknown id is just not found.
    await expectRefused(db(), () => removeBot(host, code, guest.id), 404, "MEMBER_NOT_FOUND");
    await expectRefused(db(), () => removeBot(host, code, "not-a-uuid"), 404, "MEMBER_NOT_FOUND");
    await expectRefused(db(), () => addBot(host, code, { displayName: "Guest" }), 409, "NAME_TAKEN");
    await expectRefused(db(), () => addBot(host, code, { displayName: "<b>" }), 400, "BAD_NAME");
    await expectRefused(db(), () => addBot(host, code, { count: 3 }), 400, "BAD_REQUEST");
    await expectRefused(db(), () => addBot(host, "ZZZZZZ"), 404, "ROOM_NOT_FOUND");

    const removed = await removeBot(host, code, botId);
    expect(removed.status).toBe(200);
    expect(removed.body.members.some((m: { isBot: boolean }) => m.isBot)).toBe(false);

    for (let i = removed.body.members.length; i < 18; i++) expect((await addBot(host, code)).status).toBe(200);
    await expectRefused(db(), () => addBot(host, code), 409, "ROOM_FULL");

    const full = await host.call(roomRoute, { params: { code } });
    await host.call(readyRoute, { params: { code }, body: { ready: true } });
    await guest.call(readyRoute, { params: { code }, body: { ready: true } });
    const anyBot = full.body.members.find((m: { isBot: boolean }) => m.isBot).userId as string;
    // 18 members is not a werewolf table; drop to 8 and start, then the lobby is closed.
    const bots = full.body.members.filter((m: { isBot: boolean }) => m.isBot).map((m: { userId: string }) => m.userId);
    for (const id of bots.slice(6)) expect((await removeBot(host, code, id)).status).toBe(200);
    expect((await host.call(startRoute, { params: { code } })).status).toBe(201);
    await expectRefused(db(), () => addBot(host, code), 409, "ROOM_NOT_IN_LOBBY");
    await expectRefused(db(), () => removeBot(host, code, anyBot), 409, "ROOM_NOT_IN_LOBBY");
  });

  it("W-ROOM-4: when the host leaves, a person takes over before any bot", async () => {
    const { host, code } = await hostRoom();
    await addBot(host, code);
    const guest = await signIn("Late guest");
    await guest.call(joinRoute, { params: { code }, body: {} });
    const { POST: leaveRoute } = await import("@/app/api/rooms/[code]/leave/route");
    expect((await host.call(leaveRoute, { params: { code } })).status).toBe(200);
    const after = await guest.call(roomRoute, { params: { code } });
    expect(after.body.room.hostId).toBe(guest.id);
  });

  it("S-FLOW-1, S-START-1, W-ROOM-4: one person + 7 bots play a whole game to the end, bots from their own views only, then play again", async () => {
    const { db: botDb, audit } = audited(db());
    const turns: { bot: string; result: TurnResult }[] = [];
    const runner: BotRunner = createBotRunner({ db: botDb, onTurn: (bot, result) => turns.push({ bot: bot.userId, result }) });
    const scheduler: Scheduler = createScheduler({ db: db(), advance: advanceDue, safetyPollMs: 200, retryMs: 50 });
    await runner.start();
    await scheduler.start();
    try {
      const { host, code, roomId } = await hostRoom();
      const { botIds, gameId } = await startWithSevenBots(host, code);
      const myRole = (await host.call(meRoute, { params: { id: gameId } })).body.role;

      // The person, scripted over the HTTP handlers (tests/support/person-move.ts).
      let view: WerewolfView;
      const taken = new Set<string>();
      let keys = 0;
      // Days now last most of their length (the bots ready late, issue 22): ~4 s a round at this scale.
      const deadline = Date.now() + 90_000;
      for (;;) {
        view = (await host.call(viewRoute, { params: { id: gameId } })).body.view;
        if (view.ended || Date.now() > deadline) break;
        const action = personMove(view, taken);
        if (action) {
          const res = await host.call(actionsRoute, { params: { id: gameId }, body: { action, idempotencyKey: `p${++keys}` } });
          // Racing a deadline is answered like for anyone: judged in the next phase or refused.
          expect([200, 403, 409, 422]).toContain(res.status);
        }
        await new Promise((r) => setTimeout(r, 40));
      }
      expect(view.ended).toBe(true);
      expect(["village", "wolves", "draw"]).toContain(view.winner);
      expect(myRole).toBeTruthy();

      // Bots played through the action endpoint's service: their accepted actions are recorded as
      // action requests under their own ids, and every bot acted at least once.
      const requests = await db().tx((tx) =>
        tx.query<{ user_id: string; n: number }>(
          "select user_id, count(*)::int as n from action_requests where game_id = $1 group by user_id",
          [gameId],
        ),
      );
      const byUser = new Map(requests.map((r) => [r.user_id, r.n]));
      // A villager bitten in the first night never had a turn; every other bot had one by day 1.
      const diedBeforeDay1 = new Set(view.deaths.filter((d) => d.day <= 1 && d.when !== "vote").flatMap((d) => d.players));
      for (const id of botIds.filter((b) => !diedBeforeDay1.has(b))) {
        expect(byUser.get(id) ?? 0, `bot ${id} never acted`).toBeGreaterThan(0);
      }
      expect(turns.filter((t) => t.result.kind === "acted").length).toBeGreaterThanOrEqual(7);

      // Own view only: every player read the runner made was as a bot, under RLS; its owner
      // scripts touching game data are the action path itself (lib/server/games/act.ts): its
      // context read, its optimistic write (rev check first) or, when contended, its locked read.
      expect(audit.reads.length).toBeGreaterThan(0);
      // (The runner also resumed the game of an earlier test: bots of every room count.)
      const allBots = (await db().tx((tx) => tx.query<{ user_id: string }>("select user_id from room_members where is_bot"))).map((r) => r.user_id);
      expect(new Set(audit.reads.map((r) => r.sub).filter((sub) => !allBots.includes(sub)))).toEqual(new Set());
      for (const texts of audit.owner) {
        if (texts.some((t) => /game_states|game_roles|game_events/.test(t))) {
          expect(texts[0]).toMatch(ACTION_PATH);
        }
      }

      // Issue 23: the bots' views are folded from what realtime delivered, as a browser's are —
      // read whole once, and again only when what a bot may read changes (its death, the end),
      // never per turn; reads of what is new come after gaps only.
      const ours = new Set(botIds);
      const wholeReads = audit.reads.filter((r) => ours.has(r.sub) && r.texts.some((t) => t.includes(WHOLE_VIEW_READ)));
      const pageReads = audit.reads.filter((r) => ours.has(r.sub) && r.texts.some((t) => t.includes(NEW_EVENTS_READ)));
      const decisions = turns.filter((t) => ours.has(t.bot) && t.result.kind !== "idle").length;
      console.log(`bots' view reads: ${wholeReads.length} whole, ${pageReads.length} of what is new, for ${decisions} decisions`);
      for (const id of botIds) expect(wholeReads.filter((r) => r.sub === id).length, `whole reads of bot ${id}`).toBeLessThanOrEqual(4);
      expect(pageReads.length).toBeLessThanOrEqual(2);
      expect(wholeReads.length).toBeLessThan(decisions);

      // Play again: after the reset everyone is un-ready; the bots get ready by themselves.
      expect((await host.call(resetRoute, { params: { code } })).status).toBe(200);
      await expect
        .poll(async () => (await host.call(roomRoute, { params: { code } })).body.members.filter((m: { isBot: boolean; ready: boolean }) => m.isBot && m.ready).length, { timeout: 5_000 })
        .toBe(7);
      await host.call(readyRoute, { params: { code }, body: { ready: true } });
      expect((await host.call(startRoute, { params: { code } })).status).toBe(201);
      expect(roomId).toBeTruthy();
    } finally {
      await scheduler.stop();
      await runner.stop();
    }
  }, 150_000);

  it("issue 23: when the runner's LISTEN comes back after a loss, every bot reads what was sent meanwhile, as a browser does after a reconnect", async () => {
    const { db: botDb, audit } = audited(db());
    const turns: string[] = [];
    const runner: BotRunner = createBotRunner({ db: botDb, onTurn: (bot) => turns.push(bot.userId) });
    const scheduler: Scheduler = createScheduler({ db: db(), advance: advanceDue, safetyPollMs: 200, retryMs: 50 });
    await runner.start();
    await scheduler.start();
    try {
      const { host, code } = await hostRoom();
      const { botIds } = await startWithSevenBots(host, code);
      // Every bot has had a turn, so each holds a view of the game. (Not `runner.idle()`: bots plan
      // on until a lull, which at this scale may be the game's end, when their views are dropped.)
      await expect.poll(() => botIds.every((id) => turns.includes(id)), { timeout: 20_000 }).toBe(true);
      const before = audit.reads.length;
      audit.relisten!();
      // (Bots of earlier tests' rooms, resumed by this runner, read too.)
      const readers = () => new Set(audit.reads.slice(before).filter((r) => r.texts.some((t) => t.includes(NEW_EVENTS_READ) || t.includes(WHOLE_VIEW_READ))).map((r) => r.sub));
      await expect.poll(() => botIds.filter((id) => !readers().has(id)), { timeout: 5_000 }).toEqual([]);
      // …and the rooms with bots are read again (a lobby change may have been lost too).
      expect(audit.owner.some((texts) => texts.some((t) => t.includes("select distinct room_id from room_members where is_bot")))).toBe(true);
    } finally {
      await scheduler.stop();
      await runner.stop();
    }
  }, 60_000);

  it("W-ROOM-4: bots the host removes after a game leave nothing behind in the runner (no seat, no timer, no view); those kept stay seated", async () => {
    const runner: BotRunner = createBotRunner({ db: db() });
    await runner.start();
    try {
      const { host, code } = await hostRoom();
      const { botIds } = await startWithSevenBots(host, code);
      await expect.poll(() => botIds.every((id) => runner.seated().includes(id)), { timeout: 20_000 }).toBe(true);
      expect((await host.call(endGameRoute, { params: { code }, body: {} })).status).toBe(200);
      expect((await host.call(resetRoute, { params: { code } })).status).toBe(200);
      const [kept, ...removed] = botIds;
      for (const id of removed) expect((await removeBot(host, code, id)).status).toBe(200);
      // Each removal's `room` signal re-reads the room: the bots gone from it are forgotten.
      await expect.poll(() => removed.filter((id) => runner.seated().includes(id)), { timeout: 5_000 }).toEqual([]);
      await runner.idle();
      expect(runner.seated()).toContain(kept);
    } finally {
      await runner.stop();
    }
  }, 60_000);
});
