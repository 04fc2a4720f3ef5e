// A Werewolf card game room seeded by direct SQL as the owner (./seed-mode-room.ts), for the RLS
// matrix (issue 26 item 2, spec section 11): the seats' teams are the mode's own (`teamsOf`), and
// each event carries the audience the engine gives its type (docs/card-werewolf.md "Secrecy").
// The first to die (a villager) is the GM (CW-R23); a Werewolf died later.
import type { Audience } from "@/lib/game/core/types";
import type { Db } from "@/lib/db/types";
import { teamsOf } from "@/lib/game/card-werewolf/mode";
import type { Role } from "@/lib/game/card-werewolf/types";
import { seedModeRoom, type ModeWorld } from "./seed-mode-room";

export type CwViewer = "host" | "wolf" | "deadWolf" | "traitor" | "angel" | "seer" | "gm" | "spectator";

/** Room C's players in seat order (an advanced game, CW-R39); the host is a villager. */
export const CW_SEATS: { viewer: CwViewer; role: Role; alive: boolean }[] = [
  { viewer: "host", role: "villager", alive: true },
  { viewer: "wolf", role: "werewolf", alive: true },
  { viewer: "deadWolf", role: "werewolf", alive: false },
  { viewer: "traitor", role: "traitor", alive: true },
  { viewer: "angel", role: "angel", alive: true },
  { viewer: "seer", role: "villager", alive: true },
  { viewer: "gm", role: "villager", alive: false },
];

/** The public events (section 11: cards in front, Votes, tokens, discards, deaths, the Claw of a Night's victim). */
export const CW_PUBLIC = ["phase", "caller", "day_started", "played", "cancelled", "skipped", "viewed", "howled", "execution", "night_result", "died", "gm", "chat:table"];

export type CwWorld = ModeWorld<CwViewer>;

export function seedCardWerewolf(db: Db, { ended }: { ended: boolean }): Promise<CwWorld> {
  return seedModeRoom<CwViewer>(db, {
    mode: "card-werewolf",
    ended,
    phase: "day",
    winner: "village",
    seats: CW_SEATS.map((s) => ({ viewer: s.viewer, role: s.role, teams: teamsOf(s.role), alive: s.alive })),
    watchers: ["spectator"],
    events: (ids) => {
      const player = (v: CwViewer): Audience => ({ kind: "player", player: ids[v] });
      const wolfTeam: CwViewer[] = ["wolf", "deadWolf", "traitor"];
      return [
        ...CW_PUBLIC.map((label) => ({ label, audience: { kind: "public" } as Audience })),
        ...CW_SEATS.map((s) => ({ label: `role:${s.viewer}`, audience: player(s.viewer) })),
        ...CW_SEATS.map((s) => ({ label: `dealt:${s.viewer}`, audience: player(s.viewer) })),
        ...wolfTeam.map((v) => ({ label: `wolves_known:${v}`, audience: player(v) })),
        { label: "angel_saw", audience: player("angel") },
        { label: "drew:seer", audience: player("seer") },
        { label: "seer_result", audience: player("seer") },
        { label: "night_card:host", audience: player("host") },
        { label: "night_card:deadWolf", audience: player("deadWolf") },
        { label: "dead_role", audience: player("gm") },
        // CW-P11: the Werewolf team's chat (Identification), team `werewolves` (teamsOf).
        { label: "chat:wolves", audience: { kind: "team", team: "werewolves" } },
      ];
    },
  });
}
