// The werewolf GameMode (mode id "werewolf", rulesets standard and classic): one engine for both.
// A state stored in the seat engine's shape (standard games of an earlier version) is read into
// this engine's shape on the way in (stored.ts, `loadState`): the state the server hands in is
// whatever json it stored, typed as this engine's; every state the mode returns is this engine's.
import { statusOf } from "../core/table-state";
import type { GameMode, PlayerId, SeatInfo } from "../core/types";
import { act } from "./act";
import { advance } from "./advance";
import { actionSchema } from "./actions";
import { canStart } from "./composition";
import { configSchema } from "./config";
import { endByHost } from "./host-end";
import { legalFor } from "./legal";
import { sideOf } from "./roles";
import { setup } from "./setup";
import { loadState } from "./stored";
import type { LegalAction, WerewolfAction, WerewolfConfig, WerewolfState, WerewolfView } from "./types";
import { applyEvent, initialView, viewFor } from "./view";

/** Teams drive team-audience visibility: "wolves" for wolf chat/picks; "lovers" once linked. */
function seats(s: WerewolfState): SeatInfo[] {
  return s.players.map((player, seat) => {
    const role = s.roles[player];
    const teams: string[] = [sideOf(role)];
    if (s.lovers?.includes(player)) teams.push("lovers");
    return { player, seat, alive: s.alive[player], role, teams };
  });
}

/** Whether `player` lives. */
export function isAlive(s: WerewolfState, player: PlayerId): boolean {
  return loadState(s).alive[player] === true;
}

export const werewolf: GameMode<WerewolfConfig, WerewolfState, WerewolfAction, WerewolfView> = {
  id: "werewolf",
  configSchema,
  actionSchema,
  canStart,
  setup,
  act: (state, actor, action, ctx) => act(loadState(state), actor, action, ctx),
  advance: (state, ctx) => advance(loadState(state), ctx),
  status: (state) => statusOf(loadState(state)),
  seats: (state) => seats(loadState(state)),
  viewFor: (state, player) => viewFor(loadState(state), player),
  initialView,
  applyEvent,
  endByHost: (state, ctx) => endByHost(loadState(state), ctx),
  legalActions: (state, player): LegalAction[] => legalFor(loadState(state), player),
};
