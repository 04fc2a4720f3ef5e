// The actions a seat may take, worked out from its own view alone (a bot on the server, the screens):
// the same rules as legal.ts, read from what the seat knows. Equal to legal.ts's list for every seat
// (the property test checks it) except the Pickpocket's targets: who holds a card is secret (WH-R41),
// so every other human-form cat is offered and the engine refuses an empty hand.
import type { PlayerId } from "../core/types";
import { SEER_WINDOW } from "./abilities";
import { hexLimit, spellOpen } from "./tables";
import type { Ingredient, Spell, WitchHuntLegal, WitchHuntView } from "./types";

const SCENES = new Set(["start", "evening", "yesno.result", "ritual.result", "vote.result"]);

const humansOf = (v: WitchHuntView): PlayerId[] => v.players.filter((p) => v.form[p] === "human");

/** WH-P5: the witch's spells now; hex targets are the cats she saw there and witches who went there. */
function spellsOf(v: WitchHuntView): NonNullable<WitchHuntLegal["spells"]> {
  const out: NonNullable<WitchHuntLegal["spells"]> = [];
  const add = (spell: Spell, targets: PlayerId[] | null) => {
    if (spellOpen(spell, v.failedRituals) && (targets === null || targets.length > 0)) out.push({ spell, targets });
  };
  const there = new Set([...v.here, ...v.players.filter((p) => v.witchAt[p] === v.myLocation && v.form[p] === "human")]);
  there.delete(v.me);
  add("frog_hex", v.hexUsed >= hexLimit(v.failedRituals) ? [] : v.players.filter((p) => there.has(p)));
  add("blight", null);
  add("disguise", v.witches.filter((w) => v.form[w] !== "expelled"));
  return out;
}

const confirmed = (v: WitchHuntView): boolean => v.done.includes(v.me);

function phaseAction(v: WitchHuntView): WitchHuntLegal[] {
  const me = v.me;
  if (SCENES.has(v.phase)) return confirmed(v) ? [] : [{ type: v.phase === "start" ? "ready" : "ok" }];
  if (v.form[me] !== "human") return [];
  switch (v.phase) {
    case "day.pick": {
      if (v.role === "witch" || (v.role === "guard" && v.guarding)) return [];
      const out: WitchHuntLegal[] = [{ type: "pick", locations: v.open }];
      if (v.role === "guard") out.push({ type: "guard" });
      const healable = v.players.filter((p) => v.form[p] === "frog" && p !== me);
      if (v.role === "healer" && healable.length > 0) out.push({ type: "heal", targets: healable });
      return out;
    }
    case "day.guard":
      return v.role === "guard" && v.guarding && v.myPick === null ? [{ type: "guard_location", locations: v.open }] : [];
    case "day.witch": {
      if (v.role !== "witch") return [];
      if (v.myLocation === null) return [{ type: "witch_location", locations: v.open }];
      if (v.casts.some((c) => c.witch === me)) return [];
      const spells = spellsOf(v);
      return spells.length > 0 ? [{ type: "cast", spells }] : [];
    }
    case "discussion":
      return confirmed(v) ? [] : [{ type: "end_discussion" }];
    case "proposal":
      return v.chief === me && v.proposal === null ? [{ type: "propose", targets: humansOf(v), size: v.required.length }] : [];
    case "yesno":
      return [{ type: "approve" }];
    case "ritual": {
      if (!v.proposal?.includes(me) || v.myPut !== null) return [];
      const items: (Ingredient | "spoiled")[] = [...new Set(v.hand)];
      if (v.role === "witch" || (v.role === "crow" && v.crowSpoiled)) items.push("spoiled");
      return [{ type: "put", items }];
    }
    case "vote":
      return [{ type: "vote", targets: [...humansOf(v).filter((t) => t !== me), null] }];
    default:
      return [];
  }
}

export function legalOfView(v: WitchHuntView): WitchHuntLegal[] {
  if (v.phase === "ended") return [];
  const out = phaseAction(v);
  if (v.form[v.me] !== "human") return out;
  if (v.role === "seer" && !v.seerUsed && SEER_WINDOW.includes(v.phase)) {
    out.push({ type: "inspect", targets: v.players.filter((t) => t !== v.me && v.form[t] !== "expelled") });
  }
  const stealWindow = !v.yesnoOpened && (v.phase === "evening" || v.phase === "discussion" || v.phase === "proposal");
  if (v.role === "pickpocket" && !v.stealUsed && stealWindow) {
    const targets = humansOf(v).filter((p) => p !== v.me);
    if (targets.length > 0) out.push({ type: "steal", targets });
  }
  return out;
}
