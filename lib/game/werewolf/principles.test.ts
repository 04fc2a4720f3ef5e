import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../core/result";
import { actionSchema, parseAction } from "./actions";
import { STANDARD_8 } from "./fixtures";
import { ACTION_TYPES, factsOf, legalActions, RULES } from "./legal";
import { werewolf } from "./mode";
import { advance, advanceTo, must, play, randomGame, startGame } from "./testing";

const code = (r: ReturnType<typeof play>) => (r.ok ? "OK" : r.error.code);

describe("principles", () => {
  it("P-1: the server checks actor, alive, role, phase, target and whether they already acted", () => {
    const g = startGame(STANDARD_8);
    expect(code(play(g, "mallory", { type: "bite", target: "gus" }))).toBe("NOT_A_PLAYER");
    expect(code(play(g, "cat", { type: "bite", target: "gus" }))).toBe("NOT_YOUR_TURN");
    expect(code(play(g, "ann", { type: "vote", target: "gus" }))).toBe("WRONG_PHASE");
    expect(code(play(g, "ann", { type: "bite", target: "bob" }))).toBe("INVALID_TARGET");
    expect(code(play(g, "ann", { type: "fly" }))).toBe("BAD_ACTION");
    must(g, "ann", { type: "bite", target: "gus" });
    expect(code(play(g, "ann", { type: "skip" }))).toBe("ALREADY_ACTED");
    // Late actions are refused: the phase must be advanced first.
    g.now = g.state.deadline!;
    expect(code(play(g, "bob", { type: "bite", target: "gus" }))).toBe("WRONG_PHASE");
  });

  it("P-3: night steps last their full time even when their actor is dead", () => {
    const g = startGame(STANDARD_8);
    advance(g);
    must(g, "eve", { type: "poison", target: "cat" });
    advanceTo(g, "night.main", 2);
    // The Seer is dead: night.main still lasts 30 s; the Witch step is still held.
    expect(g.state.deadline! - g.now).toBe(30_000);
    advance(g);
    expect(g.state.phase).toBe("night.witch");
    expect(g.state.deadline! - g.now).toBe(20_000);
  });

  it("P-4: a refused action does not count; an accepted one is final; silence is a skip", () => {
    const g = startGame(STANDARD_8);
    expect(code(play(g, "dan", { type: "protect", target: "nobody" }))).toBe("INVALID_TARGET");
    must(g, "dan", { type: "protect", target: "gus" });
    expect(code(play(g, "dan", { type: "protect", target: "hal" }))).toBe("ALREADY_ACTED");
    expect(g.state.night.protect).toBe("gus");
    // Nobody else acted: the step ends at its deadline with no target and no inspection.
    advanceTo(g, "day");
    expect(g.state.night).toMatchObject({ picks: [], target: null, inspect: null, saved: false, poison: null });
  });

  it("P-5: the same seed, deal and timed inputs give the same events", () => {
    const run = () => {
      const g = startGame(["a", "b", "c", "d", "e", "f", "g", "h", "i"], {}, 77);
      randomGame(g, 123);
      return g.events;
    };
    const first = run();
    expect(run()).toEqual(first);
    const other = startGame(["a", "b", "c", "d", "e", "f", "g", "h", "i"], {}, 78);
    expect(other.state.roles).not.toEqual(startGame(["a", "b", "c", "d", "e", "f", "g", "h", "i"], {}, 77).state.roles);
    // The RNG state is plain JSON inside the game state, so a stored game resumes identically.
    const g = startGame(["a", "b", "c", "d", "e", "f", "g", "h", "i"], {}, 77);
    g.state = JSON.parse(JSON.stringify(g.state));
    randomGame(g, 123);
    expect(g.events).toEqual(first);
  });

  it("P-2 / S-CHAT-4: public events before the end never carry a role, a pick, a potion or a seer result", () => {
    const secretKeys = ["role", "roles", "picks", "potion", "protect", "inspect", "girl", "by", "lovers", "cards"];
    for (let seed = 0; seed < 30; seed++) {
      const g = startGame(["a", "b", "c", "d", "e", "f", "g", "h", "i"], {}, seed);
      randomGame(g, seed);
      const before = g.events.filter((e) => e.audience.kind === "public" && e.type !== "game_end" && e.type !== "game_start");
      for (const e of before) for (const k of secretKeys) expect(Object.hasOwn(e, k) ? `${e.type}.${k}` : null).toBeNull();
      expect(new Set(before.map((e) => e.type))).toEqual(new Set(before.map((e) => e.type).filter((t) => ["phase", "death", "chat", "ready", "voted", "vote_result"].includes(t))));
      // S-VOTE-6: "voted" has one shape whatever the vote: it never names a target.
      for (const e of before) if (e.type === "voted") expect(Object.keys(e).sort()).toEqual(["at", "audience", "day", "player", "type"]);
    }
  });

  it("P-6: the dead never chat, vote or act", () => {
    const g = startGame(STANDARD_8);
    must(g, "ann", { type: "bite", target: "cat" });
    must(g, "bob", { type: "bite", target: "cat" });
    advanceTo(g, "day");
    expect(code(play(g, "cat", { type: "chat", channel: "day", text: "hi" }))).toBe("NOT_ALIVE");
    expect(code(play(g, "cat", { type: "ready_to_vote" }))).toBe("NOT_ALIVE");
    advance(g);
    expect(code(play(g, "cat", { type: "vote", target: "ann" }))).toBe("NOT_ALIVE");
    advanceTo(g, "night.main", 2);
    expect(code(play(g, "cat", { type: "inspect", target: "ann" }))).toBe("NOT_ALIVE");
    expect(werewolf.viewFor(g.state, "cat").legal).toEqual([]);
  });

  it("P-1: act never throws and refuses garbage with a stable code (fuzz)", () => {
    const g = startGame(STANDARD_8);
    const states = [g.state];
    randomGame(g, 9, (g) => states.push(g.state), 200);
    const anyAction = fc.oneof(
      fc.anything(),
      fc.record({ type: fc.constantFrom(...ACTION_TYPES, "x", ""), target: fc.oneof(fc.string(), fc.constantFrom(...g.players), fc.anything()) }),
      fc.record({ type: fc.constant("chat"), channel: fc.anything(), text: fc.anything() }),
      fc.record({ type: fc.constant("link"), targets: fc.anything() }),
      fc.record({ type: fc.constant("steal"), card: fc.anything() }),
    );
    fc.assert(
      fc.property(fc.nat(states.length - 1), fc.oneof(fc.constantFrom(...g.players), fc.anything()), anyAction, fc.integer(), (i, actor, action, now) => {
        const r = werewolf.act(states[i], actor as string, action as never, { now });
        if (!r.ok) expect(typeof r.error.code).toBe("string");
      }),
      { numRuns: 3000 },
    );
  });
});

describe("action shape", () => {
  it("P-1: the zod schema and the engine's guard accept exactly the same actions", () => {
    const candidate = fc.oneof(
      fc.anything(),
      fc.record(
        {
          type: fc.constantFrom(...ACTION_TYPES, "nope"),
          target: fc.oneof(fc.string({ maxLength: 3 }), fc.constant(""), fc.integer()),
          channel: fc.constantFrom("day", "wolves", "x"),
          text: fc.oneof(fc.string(), fc.constant("x".repeat(2001))),
          card: fc.constantFrom(0, 1, 2, "0"),
          targets: fc.oneof(fc.tuple(fc.string({ maxLength: 2 }), fc.string({ maxLength: 2 })), fc.array(fc.string(), { maxLength: 3 })),
        },
        { requiredKeys: ["type"] },
      ),
    );
    fc.assert(
      fc.property(candidate, (a) => {
        expect(actionSchema.safeParse(a).success).toBe(!isEngineError(parseAction(a)));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("legal actions", () => {
  it("P-1: the per-phase index lists the same actions as running every rule, and every listed action is accepted", () => {
    for (let seed = 0; seed < 40; seed++) {
      const g = startGame(["a", "b", "c", "d", "e", "f", "g", "h", "i"], seed % 2 ? {} : { ruleset: "classic", roles: ["thief", "cupid", "witch", "hunter", "little_girl"], sheriff: true, tieRevote: true }, seed);
      randomGame(g, seed, (g) => {
        if (g.state.phase === "ended") return;
        for (const p of g.players) {
          const f = factsOf(g.state, p);
          const all = ACTION_TYPES.map((t) => RULES[t](f)).filter((r) => !isEngineError(r));
          expect(legalActions(f)).toEqual(all);
        }
      });
    }
  });
});
