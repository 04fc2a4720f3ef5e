// The Catch-the-Witch view's client fold (lib/client/use-game.ts): loaded when a game is on screen.
import { foldLoader, type Fold } from "@/lib/client/use-game";
import type { WitchHuntView } from "@/lib/game/witch-hunt/types";

/** What the seat may read changes at the end (everything) and when it is expelled (no team events). */
const access = (v: WitchHuntView): string => `${v.phase === "ended"}:${v.role}:${v.form[v.me] === "expelled"}`;

export const loadWitchHuntFold = foldLoader(() => import("@/lib/game/witch-hunt/view").then((m): Fold<WitchHuntView> => ({ apply: m.applyEvent, access })));
