import { describe, expect, it } from "vitest";
import { seedRng } from "../core/rng";
import { playBotGame } from "../../../scripts/bot-game";
import { botMemory, chooseAction } from "./bot";
import { parseBotLine } from "./bot-lines";
import { configSchema } from "./config";
import { STANDARD_8 } from "./fixtures";
import { werewolf } from "./mode";
import { advance, must, play, startGame } from "./testing";

const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

describe("bot", () => {
  it("takes only a view: the game state is not accepted (type-level)", () => {
    const g = startGame(STANDARD_8);
    // @ts-expect-error a WerewolfState is not a view: the bot never sees hidden state
    expect(() => chooseAction(g.state, seedRng(1))).toThrow();
    expect(chooseAction(werewolf.viewFor(g.state, "ann"), seedRng(1))).not.toBeNull();
  });

  it("decides from the view's data alone (a JSON copy of the view gives the same choice)", () => {
    const g = startGame(STANDARD_8);
    for (const p of g.players) {
      const view = werewolf.viewFor(g.state, p);
      expect(chooseAction(JSON.parse(JSON.stringify(view)), seedRng(9))).toEqual(chooseAction(view, seedRng(9)));
    }
  });

  it("every action it picks is legal: whole games in both rulesets with no refusal", () => {
    const standard = configSchema.parse({});
    const classic = configSchema.parse({ ruleset: "classic", roles: ["thief", "hunter", "cupid", "witch", "little_girl"], sheriff: true, tieRevote: true });
    for (let seed = 0; seed < 40; seed++) {
      expect(playBotGame(standard, names(8 + (seed % 2)), seed).refused).toBe(0);
      expect(playBotGame(classic, names(8 + (seed % 11)), seed).refused).toBe(0);
    }
  });

  it("S-WOLF-1: wolves agree — the second wolf follows the first wolf's visible pick", () => {
    const g = startGame(STANDARD_8);
    must(g, "ann", { type: "bite", target: "hal" });
    expect(chooseAction(werewolf.viewFor(g.state, "bob"), seedRng(3))).toMatchObject({ type: "bite", target: "hal" });
  });

  it("S-WOLF-1: without a pick, every wolf makes the same choice", () => {
    const g = startGame({ ...STANDARD_8, ivy: "wolf" });
    const choices = ["ann", "bob", "ivy"].map((w) => chooseAction(werewolf.viewFor(g.state, w), seedRng(w.length * 7)));
    // A wolf may chat first; the bite itself is shared.
    const bites = choices.filter((c) => c?.type === "bite");
    expect(new Set(bites.map((b) => JSON.stringify(b))).size).toBeLessThanOrEqual(1);
  });

  it("S-SEER-1: the Seer inspects someone not inspected yet", () => {
    const g = startGame(STANDARD_8);
    const seen = new Set<string>();
    for (let night = 0; night < 5; night++) {
      const a = chooseAction(werewolf.viewFor(g.state, "cat"), seedRng(night));
      expect(a?.type).toBe("inspect");
      const target = (a as { target: string }).target;
      expect(seen.has(target)).toBe(false);
      seen.add(target);
      must(g, "cat", a!);
      for (let i = 0; i < 4; i++) advance(g); // main → witch → day → vote → night
    }
  });

  it("S-WITCH-2: the Witch saves early when there is a target", () => {
    const g = startGame(STANDARD_8);
    must(g, "ann", { type: "bite", target: "gus" });
    must(g, "bob", { type: "bite", target: "gus" });
    advance(g);
    expect(chooseAction(werewolf.viewFor(g.state, "eve"), seedRng(1))).toEqual({ type: "save" });
  });

  it("S-VOTE-1: a Seer who found a wolf votes for it; a villager never votes for itself", () => {
    const g = startGame(STANDARD_8);
    must(g, "cat", { type: "inspect", target: "bob" });
    for (let i = 0; i < 3; i++) advance(g);
    expect(g.state.phase).toBe("vote");
    expect(chooseAction(werewolf.viewFor(g.state, "cat"), seedRng(2))).toEqual({ type: "vote", target: "bob" });
    for (let s = 0; s < 20; s++) expect(chooseAction(werewolf.viewFor(g.state, "gus"), seedRng(s))).not.toMatchObject({ target: "gus" });
  });

  it("S-HUNTER-1: a dying Hunter shoots (never himself)", () => {
    const g = startGame(STANDARD_8);
    must(g, "ann", { type: "bite", target: "fay" });
    must(g, "bob", { type: "bite", target: "fay" });
    advance(g);
    advance(g);
    expect(g.state.phase).toBe("hunter");
    const a = chooseAction(werewolf.viewFor(g.state, "fay"), seedRng(4));
    expect(a?.type).toBe("shoot");
    expect((a as { target: string }).target).not.toBe("fay");
  });

  it("its memory only caches: a seat with memory chooses as one without, over whole games", () => {
    const g = startGame(names(9), {}, 5);
    const memory = g.players.map(() => botMemory());
    let compared = 0;
    for (let step = 0; step < 400 && g.state.phase !== "ended"; step++) {
      let acted = false;
      for (let i = 0; i < g.players.length; i++) {
        const view = werewolf.viewFor(g.state, g.players[i]);
        const a = chooseAction(view, seedRng(step * 31 + i), memory[i]);
        expect(a).toEqual(chooseAction(view, seedRng(step * 31 + i)));
        compared++;
        // Played once: a standard game's state changes in place when the action is accepted.
        if (a !== null && play(g, g.players[i], a).ok) {
          acted = true;
          break;
        }
      }
      if (!acted) advance(g);
    }
    expect(compared).toBeGreaterThan(50);
  });

  it("S-SEER-1: a Seer who found a living wolf says so in the day before declaring ready, once that day", () => {
    const g = startGame(STANDARD_8);
    must(g, "cat", { type: "inspect", target: "bob" });
    advance(g);
    advance(g);
    expect(g.state.phase).toBe("day");
    const first = chooseAction(werewolf.viewFor(g.state, "cat"), seedRng(1));
    expect(first?.type === "chat" && parseBotLine(first.text)).toMatchObject({ kind: "claim", target: "bob", result: "wolf" });
    let claims = 0;
    for (let step = 0; step < 10; step++) {
      const a = chooseAction(werewolf.viewFor(g.state, "cat"), seedRng(step));
      if (a === null) break;
      if (a.type === "chat" && parseBotLine(a.text)?.kind === "claim") claims++;
      must(g, "cat", a);
    }
    expect(claims).toBe(1);
    expect(chooseAction(werewolf.viewFor(g.state, "cat"), seedRng(1))).toBeNull(); // ready, silent
  });

  it("returns null when the seat has nothing to do", () => {
    const g = startGame(STANDARD_8);
    expect(chooseAction(werewolf.viewFor(g.state, "gus"), seedRng(1))).toBeNull();
  });
});
