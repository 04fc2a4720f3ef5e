// The werewolf GameMode (mode id "werewolf", rulesets standard and classic).
import type { Ctx, GameMode, GameStatus, SeatInfo, Step } from "../core/types";
import { isDue } from "../core/timing";
import { act } from "./act";
import { actionSchema } from "./actions";
import { canStart } from "./composition";
import { configSchema } from "./config";
import { begin } from "./events";
import { endPhase } from "./flow";
import { legalFor } from "./legal";
import { sideOf } from "./roles";
import { setup } from "./setup";
import type { WerewolfAction, WerewolfConfig, WerewolfState, WerewolfView } from "./types";
import { applyEvent, initialView, viewFor } from "./view";

function advance(state: WerewolfState, ctx: Ctx): Step<WerewolfState> {
  if (state.phase === "ended" || !isDue(state.deadline, ctx.now)) return { state, events: [] };
  const tx = begin(state, ctx.now);
  endPhase(tx);
  return { state: tx.s, events: tx.out };
}

function status(s: WerewolfState): GameStatus {
  return { phase: s.phase, day: s.day, deadline: s.deadline, ended: s.phase === "ended", winner: s.winner };
}

/** Teams drive team-audience visibility: "wolves" for wolf chat/picks; "lovers" once linked. */
function seats(s: WerewolfState): SeatInfo[] {
  return s.players.map((player, seat) => {
    const role = s.roles[player];
    const teams: string[] = [sideOf(role)];
    if (s.lovers?.includes(player)) teams.push("lovers");
    return { player, seat, alive: s.alive[player], role, teams };
  });
}

export const werewolf: GameMode<WerewolfConfig, WerewolfState, WerewolfAction, WerewolfView> = {
  id: "werewolf",
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
};
