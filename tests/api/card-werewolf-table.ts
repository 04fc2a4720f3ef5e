// A Werewolf card game room through the real routes (issue 26, on ./mode-table.ts): each person
// plays the bot's brain on the view the view route gives them.
import type { Db } from "@/lib/db/types";
import { botAction } from "@/lib/game/card-werewolf/bot";
import type { CardWerewolfView } from "@/lib/game/card-werewolf/types";
import { legalOfView } from "@/lib/game/card-werewolf/view-legal";
import type { CardWerewolfSettings } from "@/lib/game/card-werewolf/settings";
import { modeTable, playToEnd as playModeToEnd, viewOf as viewOfMode, type ModeTable, type PersonTurn, type PlayOptions } from "./mode-table";
import type { Client } from "./helpers";

/** A started game of `people` signed-in players (the first hosts) and `bots` server bots. */
export const cardTable = (people: number, bots: number, settings: Partial<CardWerewolfSettings> = {}) => modeTable("card-werewolf", people, bots, settings);

export const viewOf = (table: ModeTable, p: Client) => viewOfMode<CardWerewolfView>(table, p);

const personTurn =
  (table: ModeTable): PersonTurn =>
  async (p, rng) => {
    const view = await viewOf(table, p);
    return botAction(view, legalOfView(view), rng);
  };

/** Plays the game to its end in real time (the deployment's time scale). */
export const playToEnd = (db: Db, table: ModeTable, opts: PlayOptions = {}) => playModeToEnd(db, table, personTurn(table), opts);
