// Plays one whole werewolf game with a bot in every seat, through the engine's public interface.
// Each bot decides from `viewFor` (its own view) only. Shared by the simulator, the engine
// benchmark and the bot tests.
import { seedRng } from "../lib/game/core/rng";
import type { PlayerId } from "../lib/game/core/types";
import { chooseAction } from "../lib/game/werewolf/bot";
import { factsOf, legalActions } from "../lib/game/werewolf/legal";
import { werewolf } from "../lib/game/werewolf/mode";
import type { WerewolfConfig, WerewolfState, Winner } from "../lib/game/werewolf/types";

export interface BotGameResult {
  winner: Winner;
  state: WerewolfState;
  /** Accepted actions. */
  actions: number;
  /** Actions the engine refused (a bot bug, or a chat over the rate limit). */
  refused: number;
  advances: number;
}

/** Bots act this often within a phase (engine time), so chat stays under the rate limit. */
const TICK_MS = 1500;
const MAX_TICKS = 20_000;

export function playBotGame(config: WerewolfConfig, players: PlayerId[], seed: number): BotGameResult {
  const start = werewolf.setup(config, players, { now: 0, seed });
  if (!start.ok) throw new Error(`setup refused: ${start.error.code} ${start.error.message}`);
  let state = start.value.state;
  const rng = seedRng(seed ^ 0x2545f491);
  let now = 0;
  let actions = 0;
  let refused = 0;
  let advances = 0;
  for (let tick = 0; tick < MAX_TICKS && state.phase !== "ended"; tick++) {
    const phase = state.phase;
    const day = state.day;
    let acted = false;
    for (const p of state.players) {
      // Cheap pre-filter for the driver; the bot itself sees only its view.
      if (legalActions(factsOf(state, p)).length === 0) continue;
      const action = chooseAction(werewolf.viewFor(state, p), rng);
      if (action === null) continue;
      const r = werewolf.act(state, p, action, { now });
      if (!r.ok) {
        refused++;
        continue;
      }
      state = r.value.state;
      actions++;
      acted = true;
      if (state.phase !== phase || state.day !== day) break;
    }
    const deadline = state.deadline;
    if (deadline === null) continue;
    if (!acted || now + TICK_MS >= deadline) {
      now = Math.max(now, deadline);
      state = werewolf.advance(state, { now }).state;
      advances++;
    } else now += TICK_MS;
  }
  if (state.winner === null) throw new Error(`bot game ${seed} did not end`);
  return { winner: state.winner, state, actions, refused, advances };
}
