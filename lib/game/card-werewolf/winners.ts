// Who won a game, from its public end event (CW-R1 teams, CW-R32/R33 winners, CW-R46: the Angel
// plays for the Village): the lobby's list of earlier games tells each player whether they won.
import type { ModeEnd } from "../core/platform";
import type { PlayerId } from "../core/types";
import { isWolfTeam } from "./seats";
import type { Role, Winner } from "./types";

export const cardWerewolfEnd: ModeEnd = {
  eventType: "game_ended",
  byHost: (payload) => payload.reason === "host",
  winners: (payload) => {
    const { winner, roles } = payload as { winner: Winner | null; roles: Record<PlayerId, Role> };
    return winner === null ? [] : Object.keys(roles).filter((p) => (isWolfTeam(roles[p]) ? "werewolves" : "village") === winner);
  },
};
