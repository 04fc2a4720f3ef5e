// A Catch-the-Witch room through the real routes (issue 25, on ./mode-table.ts): each person plays
// the bot's brain on the view the view route gives them; with `talk`, now and then a line instead.
import type { Db } from "@/lib/db/types";
import { chance } from "@/lib/game/core/rng";
import { botAction } from "@/lib/game/witch-hunt/bot";
import { chatChannels } from "@/lib/game/witch-hunt/chat";
import type { WitchHuntView } from "@/lib/game/witch-hunt/types";
import { legalOfView } from "@/lib/game/witch-hunt/view-legal";
import { modeTable, playToEnd as playModeToEnd, viewOf as viewOfMode, type ModeTable, type PersonTurn, type PlayOptions } from "./mode-table";
import type { Client } from "./helpers";

export type WitchHuntTable = ModeTable;

/** A started game of `people` signed-in players (the first hosts) and `bots` server bots. */
export const witchHuntTable = (people: number, bots: number, settings: { timed?: boolean } = {}) => modeTable("witch-hunt", people, bots, settings);

export const viewOf = (table: ModeTable, p: Client) => viewOfMode<WitchHuntView>(table, p);

/**
 * One person's move, if any: the bot's brain on their own view; with `talked`, now and then a line
 * on a channel open to them instead (WH-P10), at most one per person and step (the witches' first).
 */
const personTurn =
  (table: ModeTable, talked: Set<string> | null): PersonTurn =>
  async (p, rng) => {
    const view = await viewOf(table, p);
    const step = `${p.id}:${view.phase}:${view.day}`;
    const open = chatChannels(view.phase, view.role, view.form[view.me]);
    const talks = talked !== null && open.length > 0 && !talked.has(step) && chance(rng, 1, 3);
    if (!talks) return botAction(view, legalOfView(view), rng);
    talked.add(step);
    return { type: "chat", channel: open.at(-1), text: `${view.phase} line ${talked.size}` };
  };

/** Plays the game to its end in real time; with `talk`, people chat now and then. */
export const playToEnd = (db: Db, table: ModeTable, { talk = false, ...opts }: PlayOptions & { talk?: boolean } = {}) =>
  playModeToEnd(db, table, personTurn(table, talk ? new Set() : null), opts);
