// The Catch-the-Witch GameMode (mode id "witch-hunt"; rules: ../shared/rules/witch-hunt.md).
import { type Ctx, type GameMode, type GameStatus, type SeatInfo, type Step } from "../core/types";
import { foldView } from "../core/fold";
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

function status(s: WitchHuntState): GameStatus {
  return { phase: s.phase, day: s.day, deadline: s.deadline, ended: s.phase === "ended", winner: s.winner };
}

/** `alive` = still in the game (frogs are; expelled cats are not). */
function seats(s: WitchHuntState): SeatInfo[] {
  return s.players.map((player, seat) => ({ player, seat, alive: s.form[player] !== "expelled", role: s.roles[player], teams: teamsOf(s.roles[player]) }));
}

function viewFor(s: WitchHuntState, player: string): WitchHuntView {
  const seat = seats(s).find((x) => x.player === player);
  const viewer = seat ? { player, alive: seat.alive, teams: seat.teams } : { player, alive: false, teams: [] };
  return foldView(witchHunt, viewer, s.players, s.log, s.phase === "ended");
}

export const witchHunt: GameMode<WitchHuntConfig, WitchHuntState, WitchHuntAction, WitchHuntView> = {
  id: "witch-hunt",
  configSchema,
  actionSchema,
  canStart,
  setup,
  act,
  advance,
  status,
  seats,
  viewFor,
  initialView,
  applyEvent,
  legalActions: legalFor,
  endByHost: (state, ctx) => {
    if (state.phase === "ended") return { ok: false, error: { code: "GAME_ENDED", message: "The game is over." } };
    const tx = begin(state, ctx.now, applyAbsentDefaults);
    endGame(tx, { winner: null, reason: "host" });
    return { ok: true, value: { state: finish(tx), events: tx.out } };
  },
};

