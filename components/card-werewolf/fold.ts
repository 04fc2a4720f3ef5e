// The card game's view: its client fold (lib/client/use-game.ts), loaded when a game is on screen.
import { foldLoader, type Fold } from "@/lib/client/use-game";
import type { CardWerewolfView } from "@/lib/game/card-werewolf/types";

/** What the seat may read changes at the end (everything) and when it becomes the GM (later roles). */
const access = (v: CardWerewolfView): string => `${v.phase === "ended"}:${v.role}:${v.gm === v.me}`;

export const loadCardWerewolfFold = foldLoader(() => import("@/lib/game/card-werewolf/view").then((m): Fold<CardWerewolfView> => ({ apply: m.applyEvent, access })));
