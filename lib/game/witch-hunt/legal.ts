// The actions a player may take now, with their allowed choices: the one place legality is decided
// (act.ts refuses anything not listed here; bots and the property test draw from it).
import type { PlayerId } from "../core/types";
import { SEER_WINDOW, stealOpen, stealTargets } from "./abilities";
import { frogs, humans, isWitch } from "./seats";
import { ritualOptions } from "./ritual";
import { openLocations, spellOpen } from "./tables";
import type { Spell, WitchHuntLegal, WitchHuntState } from "./types";
import { disguiseTargets, hexTargets } from "./witch-step";

const SCENES = new Set(["start", "evening", "yesno.result", "ritual.result", "vote.result"]);

function spellsFor(s: WitchHuntState, witch: PlayerId): NonNullable<WitchHuntLegal["spells"]> {
  const out: NonNullable<WitchHuntLegal["spells"]> = [];
  const add = (spell: Spell, targets: PlayerId[] | null) => {
    if (spellOpen(spell, s.failedRituals) && (targets === null || targets.length > 0)) out.push({ spell, targets });
  };
  add("frog_hex", hexTargets(s, witch));
  add("blight", null);
  add("disguise", disguiseTargets(s));
  return out;
}

/** The phase's own action for `p` (at most one). */
function phaseAction(s: WitchHuntState, p: PlayerId): WitchHuntLegal[] {
  const human = s.form[p] === "human";
  const role = s.roles[p];
  if (SCENES.has(s.phase)) return s.done.includes(p) ? [] : [{ type: s.phase === "start" ? "ready" : "ok" }];
  if (!human) return []; // P6, P10: frogs and expelled cats only confirm
  const open = openLocations(s.players.length);
  switch (s.phase) {
    case "day.pick": {
      if (isWitch(s, p) || (role === "guard" && s.guarding)) return [];
      const out: WitchHuntLegal[] = [{ type: "pick", locations: open }];
      if (role === "guard") out.push({ type: "guard" });
      const healable = frogs(s).filter((f) => f !== p);
      if (role === "healer" && healable.length > 0) out.push({ type: "heal", targets: healable });
      return out;
    }
    case "day.guard":
      return role === "guard" && s.guarding && s.guardAt === null ? [{ type: "guard_location", locations: open }] : [];
    case "day.witch": {
      if (!isWitch(s, p)) return [];
      if (s.witchAt[p] === undefined) return [{ type: "witch_location", locations: open }];
      if (s.casts.some((c) => c.witch === p)) return [];
      const spells = spellsFor(s, p);
      return spells.length > 0 ? [{ type: "cast", spells }] : [];
    }
    case "discussion":
      return s.done.includes(p) ? [] : [{ type: "end_discussion" }];
    case "proposal":
      return s.chief === p && s.proposal === null ? [{ type: "propose", targets: humans(s), size: s.required.length }] : [];
    case "yesno":
      return [{ type: "approve" }];
    case "ritual":
      return s.proposal?.includes(p) && !(p in s.puts) ? [{ type: "put", items: ritualOptions(s, p) }] : [];
    case "vote":
      return [{ type: "vote", targets: [...humans(s).filter((t) => t !== p), null] }];
    default:
      return [];
  }
}

export function legalFor(s: WitchHuntState, p: PlayerId): WitchHuntLegal[] {
  if (s.phase === "ended" || !s.players.includes(p)) return [];
  const out = phaseAction(s, p);
  if (s.form[p] !== "human") return out;
  if (s.roles[p] === "seer" && !s.seerUsed && SEER_WINDOW.includes(s.phase)) {
    out.push({ type: "inspect", targets: s.players.filter((t) => t !== p && s.form[t] !== "expelled") });
  }
  if (s.roles[p] === "pickpocket" && !s.stealUsed && stealOpen(s)) {
    const targets = stealTargets(s, p);
    if (targets.length > 0) out.push({ type: "steal", targets });
  }
  return out;
}
