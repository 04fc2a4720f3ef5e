// WH-P10 and issue 25 item 3: the table's chat and the witches' (chat.ts), through the engine's act.
import { describe, expect, it } from "vitest";
import { MAX_CHAT, RATE_COUNT } from "../core/chat-limits";
import type { PlayerId } from "../core/types";
import { witchHunt } from "./mode";
import type { WitchHuntAction, WitchHuntState } from "./types";

const EPOCH = Date.UTC(2025, 0, 1);
const P8 = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"];
const R8 = { ann: "seer", bob: "witch", cat: "healer", dan: "crow", eve: "guard", fay: "witch", gus: "pickpocket", hal: "villager" };

function start(): WitchHuntState {
  const r = witchHunt.setup({ timed: false, timeScale: 1 }, P8, { now: EPOCH, seed: 1 }, R8);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}
const tryAct = (s: WitchHuntState, p: PlayerId, a: WitchHuntAction, now = EPOCH) => witchHunt.act(s, p, a, { now, hostId: "ann" });
function act(s: WitchHuntState, p: PlayerId, a: WitchHuntAction, now = EPOCH): WitchHuntState {
  const r = tryAct(s, p, a, now);
  if (!r.ok) throw new Error(`${p} ${a.type}: ${r.error.code}`);
  return r.value.state;
}
const refusal = (s: WitchHuntState, p: PlayerId, a: WitchHuntAction, now = EPOCH) => {
  const r = tryAct(s, p, a, now);
  return r.ok ? null : r.error.code;
};
const say = (channel: "table" | "coven", text: string): WitchHuntAction => ({ type: "chat", channel, text });
const each = (s: WitchHuntState, ps: PlayerId[], a: WitchHuntAction) => ps.reduce((x, p) => act(x, p, a), s);

/** Day 1's Daytime: everyone ready, the non-witches picking. */
const daytime = () => each(start(), P8, { type: "ready" });
/** Day 1's Evening: picks made, the Guard's 20 s and the witches' 15 s over. */
function evening(): WitchHuntState {
  let s = daytime();
  for (const p of ["ann", "cat", "dan", "gus", "hal"]) s = act(s, p, { type: "pick", location: "forest" });
  s = act(s, "eve", { type: "pick", location: "meadow" });
  for (const phase of ["day.guard", "day.witch"]) {
    expect(s.phase).toBe(phase);
    s = witchHunt.advance(s, { now: s.deadline ?? EPOCH }).state;
  }
  expect(s.phase).toBe("evening");
  return s;
}

describe("witch-hunt chat (WH-P10)", () => {
  it("WH-P10, WH-R43: the table's chat is public from the Evening, one day's lines carry the day", () => {
    const s = evening();
    const r = tryAct(s, "hal", say("table", "  I was in the forest  "), EPOCH + 60_000);
    expect(r.ok && r.value.events).toEqual([{ type: "chat", audience: { kind: "public" }, at: EPOCH + 60_000, day: 1, channel: "table", from: "hal", text: "I was in the forest" }]);
    if (!r.ok) return;
    for (const p of P8) expect(witchHunt.viewFor(r.value.state, p).chat).toEqual([{ day: 1, channel: "table", from: "hal", text: "I was in the forest", at: EPOCH + 60_000 }]);
  });

  it("WH-P10: closed while the table picks; the witches' dialog (R22) is open then, to the witches alone (not the Crow, P6)", () => {
    const s = daytime();
    expect(refusal(s, "hal", say("table", "hi"))).toBe("WRONG_PHASE");
    expect(refusal(s, "dan", say("coven", "I know you"))).toBe("NOT_YOUR_TURN");
    expect(refusal(s, "ann", say("coven", "let me in"))).toBe("NOT_YOUR_TURN");
    const r = tryAct(s, "bob", say("coven", "forest has most"));
    expect(r.ok && r.value.events).toEqual([{ type: "chat", audience: { kind: "team", team: "coven" }, at: EPOCH, day: 1, channel: "coven", from: "bob", text: "forest has most" }]);
    if (!r.ok) return;
    expect(witchHunt.viewFor(r.value.state, "fay").chat).toHaveLength(1);
    for (const p of ["ann", "cat", "dan", "eve", "gus", "hal"]) expect(witchHunt.viewFor(r.value.state, p).chat).toEqual([]);
    // The witches' chat closes with the Daytime.
    expect(refusal(evening(), "bob", say("coven", "now?"))).toBe("WRONG_PHASE");
  });

  it("WH-P10: a frog may talk at the table (its only in-app action is confirming); the chat is not an ability", () => {
    let s = evening();
    s = { ...s, form: { ...s.form, hal: "frog" } };
    expect(refusal(s, "hal", { type: "steal", target: "ann" })).toBe("NOT_ALIVE");
    expect(refusal(s, "hal", say("table", "ribbit: it was a witch at the forest"))).toBeNull();
  });

  it("S-CHAT-5 as core's: 1–500 characters after trimming, at most 5 lines in 5 s", () => {
    let s = evening();
    expect(refusal(s, "ann", say("table", "   "))).toBe("BAD_ACTION");
    expect(refusal(s, "ann", say("table", "x".repeat(MAX_CHAT + 1)))).toBe("BAD_ACTION");
    expect(refusal(s, "ann", say("table", "x".repeat(MAX_CHAT)))).toBeNull();
    for (let i = 0; i < RATE_COUNT; i++) s = act(s, "ann", say("table", `line ${i}`), EPOCH + i);
    expect(refusal(s, "ann", say("table", "one more"), EPOCH + 4_000)).toBe("RATE_LIMITED");
    expect(refusal(s, "bob", say("table", "mine is fine"), EPOCH + 4_000)).toBeNull();
    expect(refusal(s, "ann", say("table", "later"), EPOCH + 5_000)).toBeNull();
  });
});
