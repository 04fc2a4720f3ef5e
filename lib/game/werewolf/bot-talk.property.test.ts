// Issue 22 item 2: bots never say what their view does not contain. Over many random games in
// both rulesets, every line a bot writes is
// checked against the view it decided from at that moment: each player it names, each reason it
// gives and each role it claims is there — or is a claim it makes as a wolf (a lie its pack planned).
import { describe, expect, it } from "vitest";
import { seedRng } from "../core/rng";
import { botMemory, chooseAction } from "./bot";
import { parseBotLine, type BotLine } from "./bot-lines";
import { werewolf } from "./mode";
import { advance, play, startGame } from "./testing";
import type { WerewolfView } from "./types";

const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

/** Whether the day chat of `view` holds a line by `from` that names `target` a wolf or accuses them. */
function accusedIn(view: WerewolfView, from: string, target: string): boolean {
  return view.chat.some((l) => {
    if (l.channel !== "day" || l.from !== from) return false;
    const s = parseBotLine(l.text);
    return (s?.kind === "accuse" || s?.kind === "agree") ? s.target === target : s?.kind === "claim" && s.target === target && s.result === "wolf";
  });
}

const claimedSeer = (view: WerewolfView, who: string) => view.chat.some((l) => l.channel === "day" && l.from === who && parseBotLine(l.text)?.kind === "claim");

/** Why `line` is not derivable from `view` (null: it is). */
function underived(view: WerewolfView, line: BotLine, channel: string): string | null {
  const me = view.me;
  const isPlayer = (p: string) => view.players.includes(p);
  const living = (p: string) => view.alive[p] === true;
  const wolf = view.myRole === "wolf";
  if (channel === "wolves" && !wolf) return "a non-wolf wrote to the pack";
  switch (line.kind) {
    case "greet":
    case "whoTonight":
      return null;
    case "accuse": {
      if (!isPlayer(line.target) || !living(line.target)) return "accused a dead or unknown player";
      const r = line.reason;
      if (r.why === "voted") return view.tallies.some((t) => t.votes[line.target] === r.who) ? null : "no such vote";
      if (r.why === "accused") return accusedIn(view, r.who, line.target) ? null : "no such accusation";
      if (r.why === "claimed") return claimedSeer(view, r.who) && accusedIn(view, r.who, line.target) ? null : "no such claim";
      if (r.why === "quiet") return view.chat.some((l) => l.channel === "day" && l.day === view.day && l.from === line.target) ? "called a speaker quiet" : null;
      return null;
    }
    case "defend":
      return accusedIn(view, line.by, me) ? null : "defended against no accusation";
    case "agree":
    case "doubt":
      return accusedIn(view, line.speaker, line.target) ? null : "no such accusation to agree or doubt";
    case "claim": {
      if (view.myRole === "seer") {
        if (view.seerResults.some((r) => r.target === line.target && r.result === line.result)) return null;
        // A rival claimant lies: the Seer knows she is the only one.
        return line.result === "wolf" && claimedSeer(view, line.target) ? null : "a Seer claimed what she did not see";
      }
      if (!wolf) return "a non-Seer, non-wolf claimed";
      // A wolf's lie: only the one it told the pack.
      return view.chat.some((l) => l.channel === "wolves" && l.from === me && (() => { const s = parseBotLine(l.text); return s?.kind === "plan" && s.target === line.target && s.result === line.result; })()) ? null : "a wolf claimed what it did not plan";
    }
    case "death":
      return isPlayer(line.target) && !living(line.target) && view.deaths.some((d) => d.day === view.day && d.when === "dawn" && d.players.includes(line.target)) ? null : "mourned someone not killed this morning";
    case "tally":
      return view.tallies.some((t) => t.result === line.target && t.votes[line.voter] === line.target) ? null : "no such tally";
    case "pick":
    case "follow":
      return view.legal.some((l) => l.type === "bite" && l.targets?.includes(line.target)) ? null : "picked a player it may not bite";
    case "plan":
      // Never names a known wolf (a partner) a wolf.
      return isPlayer(line.target) && living(line.target) && !view.wolves.includes(line.target) ? null : "planned to frame a partner";
  }
}

/** Plays a game with bots in every seat, checking each line as it is written; returns the lines checked by kind. */
function playChecked(roster: string[], options: Record<string, unknown>, seed: number, kinds: Map<string, number>): void {
  const g = startGame(roster, options, seed);
  const memory = g.players.map(() => botMemory());
  for (let step = 0; step < 3000 && g.state.phase !== "ended"; step++) {
    let acted = false;
    for (let i = 0; i < g.players.length; i++) {
      const view = werewolf.viewFor(g.state, g.players[i]);
      const a = chooseAction(view, seedRng(seed * 7919 + step * 31 + i), memory[i]);
      if (a === null) continue;
      if (a.type === "chat") {
        const line = parseBotLine(a.text);
        expect(line, a.text).not.toBeNull();
        const why = underived(view, line!, a.channel);
        expect(why, `${g.players[i]} (${view.myRole}) on day ${view.day}: ${a.text}`).toBeNull();
        kinds.set(line!.kind, (kinds.get(line!.kind) ?? 0) + 1);
      }
      if (play(g, g.players[i], a).ok) {
        acted = true;
        break;
      }
    }
    if (!acted) advance(g);
  }
}

describe("bot talk", () => {
  it("S-CHAT-1: every bot line is derivable from its author's view at that moment (random games, both engines)", () => {
    const kinds = new Map<string, number>();
    for (let seed = 1; seed <= 30; seed++) {
      playChecked(names(8 + (seed % 2)), {}, seed, kinds);
      playChecked(names(8 + (seed % 5)), { ruleset: "classic", roles: ["witch", "hunter", "cupid", "little_girl"], sheriff: seed % 2 === 0 }, seed, kinds);
    }
    // Every situation came up, so each check above ran.
    for (const kind of ["greet", "accuse", "defend", "claim", "agree", "doubt", "death", "tally", "pick", "follow", "plan"]) expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
  });
});
