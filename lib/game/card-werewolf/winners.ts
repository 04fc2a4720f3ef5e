// Who won a game, from its public end event (CW-R1 teams, CW-R32/R33 winners, CW-R46: the Angel
// plays for the Village): the lobby's list of earlier games tells each player whether they won.
import type { ModeEnd } from "../core/platform";
import type { PlayerId } from "../core/types";
import { isWolfTeam } from "./seats";
import type { Role, Winner } from "./types";

/** CW-R1: the team a role plays for (the Traitor with the Werewolves, CW-R46: the Angel with the Village). */
export const sideOf = (role: Role): Winner => (isWolfTeam(role) ? "werewolves" : "village");

export const cardWerewolfEnd: ModeEnd = {
  eventType: "game_ended",
  byHost: (payload) => payload.reason === "host",
  winners: (payload) => {
    const { winner, roles } = payload as { winner: Winner | null; roles: Record<PlayerId, Role> };
    return winner === null ? [] : Object.keys(roles).filter((p) => sideOf(roles[p]) === winner);
  },
};
