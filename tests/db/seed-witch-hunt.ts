// A Catch-the-Witch room seeded by direct SQL as the owner (./seed-mode-room.ts), for the RLS
// matrix: the seats' teams are the mode's own (`teamsOf`, what the server writes from `seats()`),
// `alive` is "still in the game" (frogs are, expelled cats are not), and each event carries the
// audience the engine gives its type (docs/witch-hunt.md "Events and audiences").
import type { Audience } from "@/lib/game/core/types";
import type { Db } from "@/lib/db/types";
import { teamsOf } from "@/lib/game/witch-hunt/mode";
import type { Form, Role } from "@/lib/game/witch-hunt/types";
import { seedModeRoom, type ModeWorld } from "./seed-mode-room";

export type WhViewer = "host" | "witch" | "frogWitch" | "expelledWitch" | "crow" | "seer" | "guard" | "spectator";

/** Room W's players in seat order; the host is a villager. The spectator watches without a seat. */
export const WH_SEATS: { viewer: WhViewer; role: Role; form: Form }[] = [
  { viewer: "host", role: "villager", form: "human" },
  { viewer: "witch", role: "witch", form: "human" },
  { viewer: "frogWitch", role: "witch", form: "frog" },
  { viewer: "expelledWitch", role: "witch", form: "expelled" },
  { viewer: "crow", role: "crow", form: "human" },
  { viewer: "seer", role: "seer", form: "human" },
  { viewer: "guard", role: "guard", form: "human" },
];

export type WhWorld = ModeWorld<WhViewer>;

export function seedWitchHunt(db: Db, { ended }: { ended: boolean }): Promise<WhWorld> {
  return seedModeRoom<WhViewer>(db, {
    mode: "witch-hunt",
    ended,
    phase: "day.witch",
    winner: "village",
    seats: WH_SEATS.map((s) => ({ viewer: s.viewer, role: s.role, teams: teamsOf(s.role), alive: s.form !== "expelled" })),
    watchers: ["spectator"],
    events: (ids) => {
      const player = (v: WhViewer): Audience => ({ kind: "player", player: ids[v] });
      const witches: Audience = { kind: "team", team: "witches" };
      const coven: Audience = { kind: "team", team: "coven" };
      return [
        { label: "phase", audience: { kind: "public" } },
        ...WH_SEATS.map((s) => ({ label: `role:${s.viewer}`, audience: player(s.viewer) })),
        { label: "witches_known", audience: witches },
        { label: "witch_counts", audience: coven },
        { label: "witch_went", audience: coven },
        { label: "cast", audience: coven },
        { label: "chat:coven", audience: coven },
        { label: "witch_here", audience: player("witch") },
        { label: "guard_counts", audience: player("guard") },
        { label: "picked:seer", audience: player("seer") },
        { label: "seer_result", audience: player("seer") },
        { label: "chat:table", audience: { kind: "public" } },
        { label: "evening_news", audience: { kind: "public" } },
        { label: "daytime_log", audience: { kind: "end" } },
        { label: "ritual_puts", audience: { kind: "end" } },
      ];
    },
  });
}
