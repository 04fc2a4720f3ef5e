// Whether every living person at the table has declared themselves ready (issue 22 item 1): then
// the bots stop stretching the day and follow soon after 30% of it (pace.ts `notBefore`), as a
// table of friends would when everyone else is waiting. Read from the bot's own view (public
// "ready" events) and the room's public list of who is a bot; per mode, like the brains.
import type { WerewolfView } from "../../game/werewolf/types";

type PeopleReady = (view: unknown, bots: ReadonlySet<string>) => boolean;

/** True when at least one person lives and every living person is ready. */
const werewolf: PeopleReady = (raw, bots) => {
  const view = raw as Pick<WerewolfView, "players" | "alive" | "ready">;
  let person = false;
  for (const p of view.players) {
    if (bots.has(p) || view.alive[p] !== true) continue;
    if (!view.ready.includes(p)) return false;
    person = true;
  }
  return person;
};

const byMode: Record<string, PeopleReady> = { werewolf };

export const peopleReady = (mode: string, view: unknown, bots: ReadonlySet<string>): boolean =>
  Object.hasOwn(byMode, mode) ? byMode[mode](view, bots) : false;
