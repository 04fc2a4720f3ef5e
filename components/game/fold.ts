// The werewolf view's client fold (lib/client/use-game.ts): loaded when a game is on screen.
import { foldLoader, type Fold } from "@/lib/client/use-game";
import type { WerewolfView } from "@/lib/game/werewolf/types";

export const loadWerewolfFold = foldLoader(() => import("@/lib/game/werewolf/view").then((m): Fold<WerewolfView> => ({ apply: m.applyEvent, access: m.viewerAccess })));
