// The Catch-the-Witch view's client fold (lib/client/use-game.ts): loaded when a game is on screen.
import { foldLoader, type Fold } from "@/lib/client/use-game";
import type { WitchHuntView } from "@/lib/game/witch-hunt/types";

export const loadWitchHuntFold = foldLoader(() => import("@/lib/game/witch-hunt/view").then((m): Fold<WitchHuntView> => ({ apply: m.applyEvent, access: m.viewerAccess })));
