// Which decision function plays a bot in each mode. A brain sees only the seat's own folded view
// (built from the events RLS lets that seat read), an RNG it advances, and the bot's own input
// (its talk style: lib/game/werewolf/bot-style.ts).
import type { RngState } from "../../game/core/rng";
import { chooseAction } from "../../game/werewolf/bot";
import type { BotTurnInput } from "../../game/werewolf/bot-style";
import type { WerewolfView } from "../../game/werewolf/types";

export type Brain = (view: unknown, rng: RngState, input: BotTurnInput) => { type: string } | null;

const brains: Record<string, Brain> = {
  werewolf: (view, rng, input) => chooseAction({ ...(view as WerewolfView), style: input.style }, rng),
};

export const brainFor = (mode: string): Brain | undefined => (Object.hasOwn(brains, mode) ? brains[mode] : undefined);
