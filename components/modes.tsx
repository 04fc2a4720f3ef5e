// The UI of each game mode, by id (the engine's registry is lib/game/modes.ts): the room screen and
// the lobby ask this for the mode's game screen, client fold, page theme, settings form and table
// sizes. A new mode adds its line here beside its own components. Screens load when needed, so
// the room page's first load carries none of them.
import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import type { ServerClock } from "@/lib/client/clock";
import type { RoomMember, RoomSettings } from "@/lib/client/room-types";
import type { Fold } from "@/lib/client/use-game";
import type { WerewolfView } from "@/lib/game/werewolf/types";
import type { CardWerewolfView } from "@/lib/game/card-werewolf/types";
import type { WitchHuntView } from "@/lib/game/witch-hunt/types";
import { loadWerewolfFold } from "./game/fold";
import { loadWitchHuntFold } from "./witch-hunt/fold";
import { loadCardWerewolfFold } from "./card-werewolf/fold";
import { themeFor } from "./game/theme";
import { werewolfPlayerCounts } from "./lobby/player-counts";
import type { PastResultsProps } from "./game/past-results";
import type { PastOutcomeProps } from "./lobby/past-outcome";

export interface GameScreenProps {
  gameId: string;
  view: unknown;
  members: RoomMember[];
  clock: ServerClock;
  refresh: () => void;
  isHost: boolean;
  onPlayAgain: () => Promise<void>;
  /** A spectator leaves the room (it may, any time; docs/api.md "Spectators"). */
  onStopWatching: () => Promise<void>;
  onEndGame: () => Promise<void>;
}

export interface SettingsFormProps {
  settings: RoomSettings;
  editable: boolean;
  /** Rejects when the server refuses the change. */
  onSave: (s: Partial<RoomSettings>) => Promise<void>;
}

export interface ModeUi {
  loadFold: () => Promise<Fold<unknown>>;
  GameScreen: ComponentType<GameScreenProps>;
  /** The page's theme for a view (null: no game on screen). */
  theme(view: unknown): "night" | "day";
  SettingsForm: ComponentType<SettingsFormProps>;
  /** The smallest and largest table the settings allow (the start hint; the server decides). */
  playerCounts(settings: RoomSettings): readonly [number, number];
  /** A past game's results board (`/g/<id>`). */
  PastResults: ComponentType<PastResultsProps>;
  /** An earlier game's lines in the lobby (winner, the reader's outcome) in the mode's words. */
  PastOutcome: ComponentType<PastOutcomeProps>;
}

const werewolf: ModeUi = {
  loadFold: loadWerewolfFold as unknown as () => Promise<Fold<unknown>>,
  GameScreen: dynamic(() => import("./game/game-screen").then((m) => m.GameScreen)) as unknown as ComponentType<GameScreenProps>,
  theme: (view) => themeFor((view as WerewolfView | null)?.phase ?? null),
  SettingsForm: dynamic(() => import("./lobby/settings-form").then((m) => m.SettingsForm)),
  playerCounts: werewolfPlayerCounts,
  PastResults: dynamic(() => import("./game/werewolf-past-results").then((m) => m.WerewolfPastResults)),
  PastOutcome: dynamic(() => import("./lobby/werewolf-past-outcome").then((m) => m.WerewolfPastOutcome)),
};

const witchHunt: ModeUi = {
  loadFold: loadWitchHuntFold as unknown as () => Promise<Fold<unknown>>,
  GameScreen: dynamic(() => import("./witch-hunt/game-screen").then((m) => m.WhGameScreen)) as unknown as ComponentType<GameScreenProps>,
  // Daytime and the Evening are day; from the Chief's proposal on it is night (WH-R3).
  theme: (view) => {
    const phase = (view as WitchHuntView | null)?.phase;
    if (phase === undefined) return themeFor(null);
    return phase === "start" || phase.startsWith("day.") || phase === "evening" || phase === "discussion" ? "day" : "night";
  },
  SettingsForm: dynamic(() => import("./witch-hunt/settings-form").then((m) => m.WhSettingsForm)),
  // WH-R1 (lib/game/witch-hunt/tables.ts MIN_PLAYERS/MAX_PLAYERS: not imported, the room page stays light).
  playerCounts: () => [4, 12],
  PastResults: dynamic(() => Promise.all([import("./game/past-results"), import("./witch-hunt/context"), import("./witch-hunt/results")]).then(([p, c, r]) => p.pastResultsOf(c.WhContext, r.WhResults))),
  PastOutcome: dynamic(() => import("./lobby/past-outcome").then((m) => m.modeWordsOutcome("wh"))),
};

const cardWerewolf: ModeUi = {
  loadFold: loadCardWerewolfFold as unknown as () => Promise<Fold<unknown>>,
  GameScreen: dynamic(() => import("./card-werewolf/game-screen").then((m) => m.CwGameScreen)) as unknown as ComponentType<GameScreenProps>,
  // Daytime is day; the Identification (eyes closed) and the Night are night (CW-R10, CW-R25).
  theme: (view) => {
    const phase = (view as CardWerewolfView | null)?.phase;
    if (phase === undefined) return themeFor(null);
    return phase === "day" || phase === "day.seer" || phase === "ended" ? "day" : "night";
  },
  SettingsForm: dynamic(() => import("./card-werewolf/settings-form").then((m) => m.CwSettingsForm)),
  // CW-P1, CW-R39: 6–12; the Angel or the Traitor only from 7 (lib/game/card-werewolf/tables.ts:
  // not imported, the room page stays light).
  playerCounts: (settings) => {
    const s = settings as { angel?: string; traitor?: boolean };
    return [(s.angel ?? "none") !== "none" || s.traitor === true ? 7 : 6, 12];
  },
  PastResults: dynamic(() => Promise.all([import("./game/past-results"), import("./card-werewolf/context"), import("./card-werewolf/results")]).then(([p, c, r]) => p.pastResultsOf(c.CwContext, r.CwResults))),
  PastOutcome: dynamic(() => import("./lobby/past-outcome").then((m) => m.modeWordsOutcome("cw"))),
};

const uis: Record<string, ModeUi> = { werewolf, "witch-hunt": witchHunt, "card-werewolf": cardWerewolf };

/** The games a host can pick in the lobby, in the picker's order. */
export const MODE_IDS = Object.keys(uis);

/** The UI of a room's mode (`room.settings.mode`; a room without one yet: werewolf's). */
export const uiOf = (mode: string | undefined): ModeUi => (mode !== undefined && Object.hasOwn(uis, mode) ? uis[mode] : werewolf);
