// The Werewolf card game's GameMode (mode id "card-werewolf"; rules: ../shared/rules/card-werewolf.md).
// Registered in lib/game/modes.ts with its platform part (platform.ts).
import { foldView, viewerOf } from "../core/fold";
import { isDue } from "../core/timing";
import { statusOf } from "../core/table-state";
import { err, type Ctx, type GameMode, type SeatInfo, type Step } from "../core/types";
import { act } from "./act";
import { actionSchema } from "./actions";
import { configSchema } from "./config";
import { endGame } from "./end";
import { timeout } from "./flow";
import { legalFor } from "./legal";
import { isWolfTeam } from "./seats";
import { canStart, setup } from "./setup";
import { begin, finish } from "./tx";
import type { CardWerewolfAction, CardWerewolfConfig, CardWerewolfState, CardWerewolfView, Role } from "./types";
import { applyEvent, initialView } from "./view";

/** Every secret goes to single players (player audiences), so teams only label the sides. */
export const teamsOf = (role: Role): string[] => (isWolfTeam(role) ? ["werewolves"] : ["village"]);

function advance(state: CardWerewolfState, ctx: Ctx): Step<CardWerewolfState> {
  if (state.phase === "ended" || !isDue(state.deadline, ctx.now)) return { state, events: [] };
  const tx = begin(state, ctx.now);
  timeout(tx);
  return { state: finish(tx), events: tx.out };
}

function seats(s: CardWerewolfState): SeatInfo[] {
  return s.players.map((player, seat) => ({ player, seat, alive: s.alive[player], role: s.roles[player], teams: teamsOf(s.roles[player]) }));
}

const viewFor = (s: CardWerewolfState, player: string): CardWerewolfView => foldView(cardWerewolf, viewerOf(seats(s), player), s.players, s.log, s.phase === "ended");

// The same contract fields as witch-hunt/mode.ts: each names this mode's own part.
export const cardWerewolf: GameMode<CardWerewolfConfig, CardWerewolfState, CardWerewolfAction, CardWerewolfView> = {
  id: "card-werewolf",
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
    const tx = begin(state, ctx.now);
    endGame(tx, null, "host");
    return { ok: true, value: { state: finish(tx), events: tx.out } };
  },
};
