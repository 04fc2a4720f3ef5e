// The Catch-the-Witch GameMode (mode id "witch-hunt"; rules: ../shared/rules/witch-hunt.md).
import { foldView, viewerOf } from "../core/fold";
import { statusOf } from "../core/table-state";
import { err, type Ctx, type GameMode, type SeatInfo, type Step } from "../core/types";
import { isDue } from "../core/timing";
import { act } from "./act";
import { actionSchema } from "./actions";
import { configSchema } from "./config";
import { endGame } from "./end";
import { settle, timeout } from "./flow";
import { legalFor } from "./legal";
import { canStart, setup } from "./setup";
import { applyAbsentDefaults } from "./absent";
import { begin, finish } from "./tx";
import type { Role, WitchHuntAction, WitchHuntConfig, WitchHuntState, WitchHuntView } from "./types";
import { applyEvent, initialView } from "./view";

/** Witches and the Crow share "witches" (who the witches are, WH-P6); only witches are the "coven" (their dialog, WH-R22). */
export function teamsOf(role: Role): string[] {
  if (role === "witch") return ["witches", "coven"];
  if (role === "crow") return ["witches"];
  return role === "clown" ? ["clown"] : ["village"];
}

function advance(state: WitchHuntState, ctx: Ctx): Step<WitchHuntState> {
  if (state.phase === "ended" || !isDue(state.deadline, ctx.now)) return { state, events: [] };
  const tx = begin(state, ctx.now, applyAbsentDefaults);
  timeout(tx);
  settle(tx);
  return { state: finish(tx), events: tx.out };
}

/** `alive` = still in the game (frogs are; expelled cats are not). */
function seats(s: WitchHuntState): SeatInfo[] {
  return s.players.map((player, seat) => ({ player, seat, alive: s.form[player] !== "expelled", role: s.roles[player], teams: teamsOf(s.roles[player]) }));
}

const viewFor = (s: WitchHuntState, player: string): WitchHuntView => foldView(witchHunt, viewerOf(seats(s), player), s.players, s.log, s.phase === "ended");

// The same contract fields as card-werewolf/mode.ts: each names this mode's own part.
export const witchHunt: GameMode<WitchHuntConfig, WitchHuntState, WitchHuntAction, WitchHuntView> = {
  id: "witch-hunt",
  configSchema,
  actionSchema,
  canStart,
  setup,
  act,
  advance,
  status: statusOf,
  seats,
  viewFor,
  initialView,
  applyEvent,
  legalActions: legalFor,
  endByHost: (state, ctx) => {
    if (state.phase === "ended") return err("GAME_ENDED", "The game is over.");
    const tx = begin(state, ctx.now, applyAbsentDefaults);
    endGame(tx, { winner: null, reason: "host" });
    return { ok: true, value: { state: finish(tx), events: tx.out } };
  },
};

