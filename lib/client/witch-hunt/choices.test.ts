// The screen's choices (read from a seat's view) against the engine's legal list (read from the
// state), at every step of random games of 4–12 players, timed and untimed.
import { describe, expect, it } from "vitest";
import { nextU32, seedRng } from "@/lib/game/core/rng";
import { canSee, type GameEvent, type PlayerId } from "@/lib/game/core/types";
import { legalFor } from "@/lib/game/witch-hunt/legal";
import { witchHunt } from "@/lib/game/witch-hunt/mode";
import type { WitchHuntAction, WitchHuntLegal, WitchHuntState, WitchHuntView } from "@/lib/game/witch-hunt/types";
import { choicesOf, type Choice } from "./choices";

const EPOCH = Date.UTC(2025, 0, 1);
const GAMES = Number(process.env.WH_CHOICE_GAMES ?? 36);

const sorted = (xs: readonly unknown[] | undefined) => (xs ? [...xs].map(String).sort() : []);
type Of<T extends Choice["type"]> = Choice & { type: T };
function keyOf(c: Choice | WitchHuntLegal): string {
  const r = c as Record<string, unknown>;
  const spells = (r.spells as { spell: string; targets: string[] | null }[] | undefined)?.map((s) => `${s.spell}:${sorted(s.targets ?? undefined).join(",")}`).sort();
  return JSON.stringify([c.type, sorted(r.locations as string[]), sorted(r.targets as string[]), sorted(r.items as string[]), spells ?? [], r.size ?? null]);
}

/** A random legal move for someone, or null when nobody has one. */
function randomMove(s: WitchHuntState, rng: ReturnType<typeof seedRng>): [PlayerId, WitchHuntAction] | null {
  const options: [PlayerId, WitchHuntAction][] = [];
  for (const p of s.players)
    for (const l of legalFor(s, p)) {
      const pick = <T>(xs: readonly T[]) => xs[nextU32(rng) % xs.length];
      switch (l.type) {
        case "pick":
        case "guard_location":
        case "witch_location":
          options.push([p, { type: l.type, location: pick(l.locations!) }]);
          break;
        case "heal":
        case "inspect":
        case "steal":
          options.push([p, { type: l.type, target: pick(l.targets!) as string }]);
          break;
        case "vote":
          options.push([p, { type: "vote", target: pick(l.targets!) }]);
          break;
        case "cast": {
          const sp = pick(l.spells!);
          options.push([p, sp.targets ? { type: "cast", spell: sp.spell, target: pick(sp.targets) } : { type: "cast", spell: sp.spell }]);
          break;
        }
        case "propose":
          options.push([p, { type: "propose", members: [...l.targets!].sort(() => 0).slice(0, l.size) as string[] }]);
          break;
        case "approve":
          options.push([p, { type: "approve", yes: nextU32(rng) % 3 !== 0 }]);
          break;
        case "put":
          options.push([p, { type: "put", item: pick(l.items!) }]);
          break;
        case "mark_absent":
          break;
        default:
          options.push([p, { type: l.type } as WitchHuntAction]);
      }
    }
  return options.length ? options[nextU32(rng) % options.length] : null;
}

/**
 * The view cannot know these (choices.ts): a check or theft already made today, a card already
 * put in, a spell already cast, whose hands hold cards. The screen then offers a superset.
 */
function compare(s: WitchHuntState, p: PlayerId, view: WitchHuntView): void {
  const mine = choicesOf(view);
  const engine = legalFor(s, p).filter((l) => l.type !== "mark_absent");
  const where = `${p} (${s.roles[p]}, ${s.form[p]}) in ${s.phase} day ${s.day}`;
  for (const l of engine) {
    const c = mine.find((m) => m.type === l.type);
    // A witch who came to her location after her is not in her `here` (the view folds no witch_went).
    const lateWitches = (targets: readonly unknown[] | null | undefined) => (targets ?? []).filter((t) => !view.here.includes(t as string));
    if (l.type === "cast") {
      const own = (c as Of<"cast"> | undefined)?.spells ?? [];
      for (const sp of l.spells!) {
        const seen = own.find((o) => o.spell === sp.spell);
        const missing = sp.targets ? sp.targets.filter((t) => !seen?.targets?.includes(t)) : seen ? [] : ["(spell)"];
        expect(missing.every((t) => s.roles[t] === "witch" && lateWitches([t]).length === 1), `${where}: ${sp.spell} ${missing}`).toBe(true);
      }
      continue;
    }
    expect(c, `${where}: ${l.type} missing`).toBeDefined();
    if (l.type === "inspect") expect(sorted(l.targets)).toEqual(expect.arrayContaining(sorted((c as { targets: string[] }).targets)));
    else if (l.type === "steal") expect(sorted((c as { targets: string[] }).targets)).toEqual(expect.arrayContaining(sorted(l.targets)));
    else expect(keyOf(c!), where).toBe(keyOf(l));
  }
  for (const c of mine.filter((m) => !engine.some((l) => l.type === m.type))) {
    const known =
      (c.type === "inspect" && s.seerUsed) || (c.type === "steal" && (s.stealUsed || s.players.every((t) => t === p || s.form[t] !== "human" || s.hands[t].length === 0))) || (c.type === "put" && p in s.puts) || (c.type === "cast" && s.casts.some((x) => x.witch === p));
    expect(known, `${where}: ${c.type} offered, not legal`).toBe(true);
  }
}

describe("Catch the Witch screen choices", () => {
  it("WH-R17..R40: the choices read from a seat's view are the engine's legal actions, at every step of random games", () => {
    for (let g = 0; g < GAMES; g++) {
      const n = 4 + (g % 9);
      const players = Array.from({ length: n }, (_, i) => `p${i + 1}`);
      const r = witchHunt.setup({ timed: g % 2 === 0, timeScale: 1 }, players, { now: EPOCH, seed: g + 1 });
      if (!r.ok) throw new Error(r.error.message);
      let s = r.value.state;
      let now = EPOCH;
      // Each seat's view kept as a client keeps it: its readable events folded in as they come.
      const views = players.map((p) => witchHunt.initialView(p, players));
      const take = (events: GameEvent[]) => {
        const seats = witchHunt.seats(s);
        for (const e of events) seats.forEach((seat, i) => canSee(e.audience, seat, s.phase === "ended") && (views[i] = witchHunt.applyEvent(views[i], e)));
      };
      take(r.value.events);
      const rng = seedRng(g * 7919 + 3);
      for (let step = 0; step < 3000 && s.phase !== "ended"; step++) {
        players.forEach((p, i) => compare(s, p, views[i]));
        const move = randomMove(s, rng);
        if (move) {
          const res = witchHunt.act(s, move[0], move[1], { now });
          if (!res.ok) throw new Error(`${move[0]} ${move[1].type}: ${res.error.code}`);
          s = res.value.state;
          take(res.value.events);
        } else if (s.deadline !== null) {
          now = Math.max(now, s.deadline);
          const step = witchHunt.advance(s, { now });
          s = step.state;
          take(step.events);
        } else break;
      }
      expect(s.phase, `game ${g} (${n} players) ends`).toBe("ended");
    }
  });
});
