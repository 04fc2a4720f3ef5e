// A bot table reads each bot's input from the state by seat (`inputAt`); a room's bot derives it
// from its seat's view (`inputOfView(viewFor(…))`). These tests prove the two the same at every
// step of random games, so a bot at a table decides from exactly what its seat may see (P-2).
// BOT_INPUT_GAMES overrides the number of games per kind (default 12).
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { playBotGame } from "../../../scripts/bot-game";
import { inputAt, inputMemo, inputOfView, type InputMemo } from "./bot-input";
import type { BotStyle } from "./bot-style";
import { configSchema } from "./config";
import { classicSetup, seatNames, standardSetup } from "./random-setups";
import { randomGame, startGame } from "./testing";
import type { WerewolfState } from "./types";
import { viewFor } from "./view";

const GAMES = Number(process.env.BOT_INPUT_GAMES ?? 12);
const STYLES: readonly (BotStyle | undefined)[] = [undefined, "quiet", "talkative", "suspicious"];

/** Each seat's memos, kept over a game as a table keeps them: one for each way. */
interface Memos {
  fromState: InputMemo[];
  fromView: InputMemo[];
}

const memosFor = (n: number): Memos => ({ fromState: Array.from({ length: n }, () => inputMemo()), fromView: Array.from({ length: n }, () => inputMemo()) });

/** Every seat's input both ways, fresh and with the memos kept since the game began. */
function compareSeats(s: WerewolfState, memos: Memos): void {
  for (let seat = 0; seat < s.players.length; seat++) {
    const style = STYLES[seat % STYLES.length];
    const view = { ...viewFor(s, s.players[seat]), style };
    const expected = inputOfView(view);
    const fresh = inputAt(s, seat, inputMemo(), style);
    if (!isDeepStrictEqual(fresh, expected)) expect(fresh, `seat ${seat}, ${s.phase} day ${s.day}`).toEqual(expected);
    const kept = inputAt(s, seat, memos.fromState[seat], style);
    const keptView = inputOfView(view, memos.fromView[seat]);
    if (!isDeepStrictEqual(kept, keptView)) expect(kept, `seat ${seat} with kept memos, ${s.phase} day ${s.day}`).toEqual(keptView);
  }
}

function checkRandomGame(n: number, options: Record<string, unknown>, seed: number): void {
  const g = startGame(seatNames(n), options, seed);
  const memos = memosFor(n);
  compareSeats(g.state, memos);
  randomGame(g, seed, (g) => compareSeats(g.state, memos));
}

function checkBotGame(options: Record<string, unknown>, n: number, seed: number): void {
  let memos: Memos | null = null;
  playBotGame(configSchema.parse(options), seatNames(n), seed, ({ state }) => compareSeats(state, (memos ??= memosFor(n))));
}

describe("a bot's input read by seat is its view's", () => {
  it("P-2: inputAt equals inputOfView(viewFor) for every seat at every step (standard, random games)", () => {
    fc.assert(
      fc.property(standardSetup, ({ n, seed, options }) => checkRandomGame(n, options, seed)),
      { numRuns: GAMES },
    );
  });

  it("P-2: inputAt equals inputOfView(viewFor) for every seat at every step (classic, random setups)", () => {
    fc.assert(
      fc.property(classicSetup, ({ n, seed, options }) => checkRandomGame(n, options, seed)),
      { numRuns: GAMES },
    );
  });

  it("P-2: the same over bot games, whose chat bots read back (standard; classic with every role, C-GIRL-1 peeks)", () => {
    const classic = { ruleset: "classic", roles: ["thief", "hunter", "cupid", "witch", "little_girl"], sheriff: true, tieRevote: true };
    for (let seed = 0; seed < GAMES; seed++) {
      checkBotGame({}, 9, seed);
      checkBotGame(classic, 8 + (seed % 11), seed);
    }
  });
});
