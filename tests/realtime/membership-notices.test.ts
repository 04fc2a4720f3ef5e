// Membership notices (docs/realtime.md, "Membership changes"): each SSE connection re-checks its
// topic authorization when its room's notice arrives, so a notice must come from every write that
// can change an answer of app.can_join_topic and, since every check costs each connection of the
// room a statement, from nothing else. Room and user topics depend on room_members alone (0023).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db, Tx } from "@/lib/db/types";
import { createHub, type Hub } from "@/lib/realtime/hub";
import { forEachDb } from "../db/test-db";
import { seedRoomWithGame, type RoomFixture } from "./fixtures";

forEachDb("membership notices", (currentDb) => {
  let db: Db;
  let hub: Hub;
  let f: RoomFixture;

  beforeAll(async () => {
    db = currentDb();
    hub = createHub(db);
    await hub.ready;
    f = await seedRoomWithGame(db, [
      { name: "Wolf", teams: ["wolves"] },
      { name: "Seer", teams: ["village"] },
      { name: "Villager", teams: ["village"] },
    ]);
  });
  afterAll(() => hub.close());

  /** Once this resolves, every notification committed before the call has reached the hub. */
  async function drained(): Promise<void> {
    // Notifications arrive in commit order: a signal committed now comes after all of them.
    const barrier = `test:${randomUUID()}`;
    let stop = () => {};
    const arrived = new Promise<void>((resolve) => (stop = hub.subscribe(barrier, () => resolve())));
    try {
      await db.tx((tx) => tx.query("select realtime.send('{}'::jsonb, 'barrier', $1, true)", [barrier]));
      await arrived;
    } finally {
      stop();
    }
  }

  /** How many notices for the room `write` raised, as the hub delivers them. */
  async function noticesOf(write: (tx: Tx) => Promise<unknown>): Promise<number> {
    await drained(); // earlier writes' notices (the seed's joins) are not this write's
    let notices = 0;
    const stopWatch = hub.watchRoom(f.roomId, () => notices++);
    try {
      await db.tx(write);
      await drained();
      return notices;
    } finally {
      stopWatch();
    }
  }

  it("S-CHAT-3, design §4: a seat's death, a change of teams and a new game with its seats raise no membership notice", async () => {
    const wolf = f.seats[0].id;
    const death = await noticesOf((tx) =>
      tx.query("update public.game_players set alive = false where game_id = $1 and user_id = $2", [f.gameId, wolf]),
    );
    const teams = await noticesOf((tx) =>
      tx.query("update public.game_roles set teams = '{village}' where game_id = $1 and user_id = $2", [f.gameId, wolf]),
    );
    const newGame = await noticesOf(async (tx) => {
      const [game] = await tx.query<{ id: string }>(
        "insert into public.games (room_id, mode, phase, day) values ($1, 'werewolf', 'night.main', 1) returning id",
        [f.roomId],
      );
      await tx.query("update public.rooms set game_id = $1 where id = $2", [game.id, f.roomId]);
      await tx.query("insert into public.game_players (game_id, user_id, seat) values ($1, $2, 0)", [game.id, wolf]);
      await tx.query("insert into public.game_roles (game_id, user_id, role, teams) values ($1, $2, 'wolf', '{wolves}')", [
        game.id,
        wolf,
      ]);
    });
    expect({ death, teams, newGame }).toEqual({ death: 0, teams: 0, newGame: 0 });
  });

  it("W-ROOM-4: a member joining or being removed still raises one", async () => {
    const newcomer = randomUUID();
    const joined = await noticesOf((tx) =>
      tx.query("insert into public.room_members (room_id, user_id, display_name) values ($1, $2, 'Newcomer')", [
        f.roomId,
        newcomer,
      ]),
    );
    const removed = await noticesOf((tx) =>
      tx.query("delete from public.room_members where room_id = $1 and user_id = $2", [f.roomId, newcomer]),
    );
    expect({ joined, removed }).toEqual({ joined: 1, removed: 1 });
  });
});
