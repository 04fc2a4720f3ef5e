// Plays one whole werewolf game with a bot in every seat, through the engine's `act` and `advance`
// (those the mode calls). Each bot decides from its own view only. Shared by the simulator, the engine
// benchmark and the bot tests.
import { nextInt, seedRng } from "../lib/game/core/rng";
import type { EngineError, GameEvent, PlayerId } from "../lib/game/core/types";
import { botMemory, botPasses, decideSeatAction, type BotMemory } from "../lib/game/werewolf/bot";
import { inputAt } from "../lib/game/werewolf/bot-input";
import type { BotStyle } from "../lib/game/werewolf/bot-style";
import { act } from "../lib/game/werewolf/act";
import { advance } from "../lib/game/werewolf/advance";
import { legalAt } from "../lib/game/werewolf/legal";
import { cardsBySeat } from "../lib/game/werewolf/roles";
import { setup } from "../lib/game/werewolf/setup";
import type { PhaseId, WerewolfAction, WerewolfConfig, WerewolfState, Winner } from "../lib/game/werewolf/types";

export interface BotGameResult {
  winner: Winner;
  state: WerewolfState;
  /** Accepted actions. */
  actions: number;
  /** Actions the engine refused (a bot bug, or a chat over the rate limit). */
  refused: number;
  advances: number;
  /** Inputs built for a bot to decide from, each its view by seat (one per decision that is not a certain pass). */
  views: number;
}

/**
 * Each seat's bot memory, kept from one game to the next: a memory starts over by itself when it
 * is handed another seat list (bot.ts), and every game has its own, so this only saves allocating
 * a table's memories per game.
 */
const memories: BotMemory[] = [];

/** Bots act this often within a phase (engine time), so chat stays under the rate limit. */
const TICK_MS = 1500;
const STYLES: readonly BotStyle[] = ["quiet", "talkative", "suspicious"];
const MAX_TICKS = 20_000;

/**
 * Whether a step began a new phase (every phase entry announces itself with a "phase" event) or
 * ended the game. A step that changed the phase or its deadline did (only a phase entry or the end
 * sets them); one that changed neither may still have (a classic re-vote starts a vote from a vote
 * at the same time), so its events are read.
 */
function enteredPhase(state: WerewolfState, phase: PhaseId, deadline: number | null, events: readonly GameEvent[]): boolean {
  if (state.phase !== phase || state.deadline !== deadline) return true;
  for (const e of events) if (e.type === "phase") return true;
  return false;
}

/**
 * What one step of the table did, for recorders (scripts/engine-corpus.ts): an action with its
 * events or refusal, or an advance (`actor` null) with its events.
 */
export interface BotTableStep {
  actor: PlayerId | null;
  action: WerewolfAction | null;
  events: readonly GameEvent[];
  refusal: EngineError | null;
  state: WerewolfState;
}

export function playBotGame(config: WerewolfConfig, players: PlayerId[], seed: number, onStep?: (step: BotTableStep) => void): BotGameResult {
  const start = setup(config, players, { now: 0, seed });
  if (!start.ok) throw new Error(`setup refused: ${start.error.code} ${start.error.message}`);
  return play(start.value.state, seed, onStep);
}

/**
 * Ticks through the game like a server with bots in every seat: each tick, every seat that may
 * still act in this phase is asked, from its own view, what it does. A seat that passes (its bot
 * returns nothing, or it has no legal action) is not asked again until the next phase: a player's
 * options only narrow within a step, and this bot's "nothing" is final for the step. A tick with
 * no accepted action runs the clock to the deadline (`advance`), like a room nobody acts in.
 */
function play(start: WerewolfState, seed: number, onStep?: (step: BotTableStep) => void): BotGameResult {
  let state = start;
  const rng = seedRng(seed ^ 0x2545f491);
  const seats = state.players;
  // Each seat's bot keeps what it has read from its own earlier views (bot.ts, BotMemory).
  const memory = seats.map((_, seat) => (memories[seat] ??= botMemory()));
  const passed = new Uint8Array(seats.length);
  // Each seat's talk style, drawn per game (a room's bots get theirs from their identity): a
  // style tied to a seat would tie how often a seat is voted out to the seat (issue 22).
  const styleRng = seedRng(seed ^ 0x51ed270b);
  const styles: BotStyle[] = seats.map(() => STYLES[nextInt(styleRng, STYLES.length)]);
  let now = 0;
  // The engine time of the tick, shared by its actions and its advance (the engine only reads it).
  const ctx = { now };
  let actions = 0;
  let refused = 0;
  let advances = 0;
  let views = 0;
  for (let tick = 0; tick < MAX_TICKS && state.phase !== "ended"; tick++) {
    let acted = false;
    ctx.now = now;
    for (let seat = 0; seat < seats.length; seat++) {
      if (passed[seat] === 1) continue;
      const p = seats[seat];
      // The server's cheap pre-filter (who may act now: the seat's legal list, which this table
      // knows by seat), then the bot's own pass test on the step, the seat's card and its legal
      // list — the same values its view would hold — so no input is built for a seat that would
      // pass anyway. The bot itself decides from its view only: its input is its view's fields
      // by seat, read without building the view (`inputAt`, proven equal in bot-input.test.ts).
      const legal = legalAt(state, p, seat);
      if (botPasses(state.phase, cardsBySeat(state)[seat], legal)) {
        passed[seat] = 1;
        continue;
      }
      views++;
      const input = inputAt(state, seat, memory[seat].inputs, styles[seat]);
      const action = decideSeatAction(input, rng, memory[seat]);
      if (action === null) {
        passed[seat] = 1;
        continue;
      }
      const { phase, deadline } = state;
      const r = act(state, p, action, ctx);
      if (!r.ok) {
        refused++;
        onStep?.({ actor: p, action, events: [], refusal: r.error, state });
        continue;
      }
      state = r.value.state;
      onStep?.({ actor: p, action, events: r.value.events, refusal: null, state });
      actions++;
      acted = true;
      if (enteredPhase(state, phase, deadline, r.value.events)) {
        passed.fill(0);
        break;
      }
    }
    const deadline = state.deadline;
    if (deadline === null) continue;
    if (!acted || now + TICK_MS >= deadline) {
      now = Math.max(now, deadline);
      ctx.now = now;
      const phase = state.phase;
      const step = advance(state, ctx);
      state = step.state;
      advances++;
      onStep?.({ actor: null, action: null, events: step.events, refusal: null, state });
      if (enteredPhase(state, phase, deadline, step.events)) passed.fill(0);
    } else now += TICK_MS;
  }
  if (state.winner === null) throw new Error(`bot game ${seed} did not end`);
  return { winner: state.winner, state, actions, refused, advances, views };
}
