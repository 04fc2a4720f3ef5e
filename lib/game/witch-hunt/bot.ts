// A bot seat: one action from its own view and its legal choices (never the state). Simple, honest
// play: the village gathers what is required and distrusts members of failed rituals; witches hex,
// spoil rituals and reject proposals without a witch. Pure: randomness from the RNG passed in.
import { chance, pick, type RngState } from "../core/rng";
import type { PlayerId } from "../core/types";
import { INGREDIENT_AT } from "./tables";
import type { Location, WitchHuntAction, WitchHuntLegal, WitchHuntView } from "./types";

const isWitchSide = (v: WitchHuntView) => v.role === "witch";

/** How much this seat distrusts each cat: members of failed rituals (+1 each), of successful ones (−1), known witches (+10). */
export function suspicion(v: WitchHuntView): Record<PlayerId, number> {
  const score: Record<PlayerId, number> = {};
  for (const p of v.players) score[p] = 0;
  for (const r of v.ritualResults) {
    if (r.success === null) continue;
    const passed = v.yesnoResults.filter((y) => y.day === r.day && y.passed).at(-1);
    for (const m of passed?.members ?? []) score[m] += r.success ? -1 : 1;
  }
  for (const [p, witch] of Object.entries(v.seerResults)) score[p] += witch ? 10 : -10;
  for (const w of v.witches) score[w] += 10;
  score[v.me] = -100;
  return score;
}

const byScore = (v: WitchHuntView, ps: PlayerId[]) => {
  const s = suspicion(v);
  return [...ps].sort((a, b) => s[a] - s[b]);
};

/**
 * The table convention bots use in place of talk: seat s gathers the required ingredient
 * number s mod k, so a Chief can propose one cat per ingredient (people say where they went).
 */
const dutyOf = (v: WitchHuntView, p: PlayerId) => v.required[v.players.indexOf(p) % v.required.length];

function choosePick(v: WitchHuntView, l: WitchHuntLegal, rng: RngState): Location {
  const locs = l.locations ?? [];
  const duty = locs.find((x) => INGREDIENT_AT[x] === dutyOf(v, v.me));
  return duty !== undefined && chance(rng, 9, 10) ? duty : pick(rng, locs);
}

function chooseCast(v: WitchHuntView, l: WitchHuntLegal, rng: RngState): WitchHuntAction | null {
  const spells = l.spells ?? [];
  const hex = spells.find((x) => x.spell === "frog_hex");
  const victims = hex?.targets?.filter((t) => !v.witches.includes(t)) ?? [];
  if (victims.length > 0) return { type: "cast", spell: "frog_hex", target: pick(rng, victims) };
  if (spells.some((x) => x.spell === "disguise") && chance(rng, 1, 2)) return { type: "cast", spell: "disguise", target: v.me };
  if (spells.some((x) => x.spell === "blight")) return { type: "cast", spell: "blight" };
  return null;
}

function choosePropose(v: WitchHuntView, l: WitchHuntLegal, rng: RngState): PlayerId[] {
  const size = l.size ?? 0;
  const cands = (l.targets ?? []).filter((t): t is PlayerId => t !== null);
  if (isWitchSide(v)) {
    const others = cands.filter((t) => t !== v.me);
    const shuffled = others.map((t) => ({ t, k: pick(rng, [0, 1, 2, 3]) })).sort((a, b) => a.k - b.k).map((x) => x.t);
    return [v.me, ...shuffled].slice(0, size);
  }
  // One trusted cat per required ingredient (by the convention), then the most trusted.
  const trusted = byScore(v, cands);
  const members: PlayerId[] = [];
  for (const need of v.required) {
    const p = trusted.find((t) => !members.includes(t) && dutyOf(v, t) === need && suspicion(v)[t] <= 0);
    if (p !== undefined) members.push(p);
  }
  for (const t of trusted) if (members.length < size && !members.includes(t)) members.push(t);
  return members.slice(0, size);
}

function chooseApprove(v: WitchHuntView, rng: RngState): boolean {
  const members = v.proposal ?? [];
  if (isWitchSide(v) || v.role === "crow") return members.some((m) => v.witches.includes(m)) || v.curse >= 2 || chance(rng, 1, 4);
  const s = suspicion(v);
  if (v.curse >= 2) return true; // a full bar fails the ritual anyway
  return members.every((m) => s[m] <= 0) || chance(rng, 1, 5);
}

function choosePut(v: WitchHuntView, l: WitchHuntLegal, rng: RngState): WitchHuntAction {
  const items = l.items ?? [];
  if ((isWitchSide(v) || v.role === "crow") && items.includes("spoiled") && chance(rng, 4, 5)) return { type: "put", item: "spoiled" };
  const right = items.find((i) => i !== "spoiled" && v.required.includes(i));
  const any = items.filter((i) => i !== "spoiled");
  return { type: "put", item: right ?? (any.length > 0 ? pick(rng, any) : "spoiled") };
}

function chooseVote(v: WitchHuntView, l: WitchHuntLegal): PlayerId | null {
  const targets = (l.targets ?? []).filter((t): t is PlayerId => t !== null);
  if (isWitchSide(v) || v.role === "crow") {
    const village = targets.filter((t) => !v.witches.includes(t));
    return village.length > 0 ? byScore(v, village)[0] : null;
  }
  // The village votes only for its most suspected cat, and only with some evidence (a random
  // expulsion helps the witches reach parity).
  const s = suspicion(v);
  const top = byScore(v, targets).at(-1);
  return top === undefined || s[top] <= 0 ? null : top;
}

/** The bot's action now, or null when it has nothing (more) to do. */
/** Optional choices made before the pick they come with (the Healer's frog, the Guard's "Guard"). */
const FIRST: readonly string[] = ["heal", "guard"];

export function botAction(v: WitchHuntView, legal: WitchHuntLegal[], rng: RngState): WitchHuntAction | null {
  const ordered = [...legal.filter((l) => FIRST.includes(l.type)), ...legal.filter((l) => !FIRST.includes(l.type))];
  for (const l of ordered) {
    switch (l.type) {
      case "ready":
      case "ok":
      case "end_discussion":
        return { type: l.type };
      case "heal":
        if (v.heal === null && v.myPick === null) return { type: "heal", target: pick(rng, byScore(v, (l.targets ?? []).filter((t): t is PlayerId => t !== null))) };
        break;
      case "guard":
        if (v.myPick === null && chance(rng, 1, 3)) return { type: "guard" };
        break;
      case "pick":
        if (v.myPick === null) return { type: "pick", location: choosePick(v, l, rng) };
        break;
      case "guard_location": {
        const counts = v.counts ?? {};
        const best = [...(l.locations ?? [])].sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0));
        return { type: "guard_location", location: best[0] };
      }
      case "witch_location": {
        const counts = v.counts ?? {};
        const busy = (l.locations ?? []).filter((x) => (counts[x] ?? 0) > 0);
        return { type: "witch_location", location: pick(rng, busy.length > 0 ? busy : (l.locations ?? [])) };
      }
      case "cast":
        return chooseCast(v, l, rng);
      case "inspect": {
        const unknown = (l.targets ?? []).filter((t): t is PlayerId => t !== null && !(t in v.seerResults));
        if (unknown.length > 0) return { type: "inspect", target: pick(rng, unknown) };
        break;
      }
      case "steal":
        if (chance(rng, 1, 2)) return { type: "steal", target: pick(rng, (l.targets ?? []).filter((t): t is PlayerId => t !== null)) };
        break;
      case "propose":
        return { type: "propose", members: choosePropose(v, l, rng) };
      case "approve":
        if (v.myYes === null) return { type: "approve", yes: chooseApprove(v, rng) };
        break;
      case "put":
        return choosePut(v, l, rng);
      case "vote":
        if (v.myVote === undefined) return { type: "vote", target: chooseVote(v, l) };
        break;
    }
  }
  return null;
}
