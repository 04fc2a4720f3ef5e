// Which decision function plays a bot in each mode. A brain sees only the seat's own folded view
// (built from the events RLS lets that seat read) and an RNG it advances.
import type { RngState } from "../../game/core/rng";
import { chooseAction } from "../../game/werewolf/bot";
import type { WerewolfView } from "../../game/werewolf/types";

export type Brain = (view: unknown, rng: RngState) => { type: string } | null;

const brains: Record<string, Brain> = {
  werewolf: (view, rng) => chooseAction(view as WerewolfView, rng),
};

export const brainFor = (mode: string): Brain | undefined => (Object.hasOwn(brains, mode) ? brains[mode] : undefined);
