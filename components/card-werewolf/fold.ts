// The card game's view: its client fold (lib/client/use-game.ts), loaded when a game is on screen.
import { foldLoader, type Fold } from "@/lib/client/use-game";
import type { CardWerewolfView } from "@/lib/game/card-werewolf/types";

export const loadCardWerewolfFold = foldLoader(() => import("@/lib/game/card-werewolf/view").then((m): Fold<CardWerewolfView> => ({ apply: m.applyEvent, access: m.viewerAccess })));
