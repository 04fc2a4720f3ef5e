import type { PhaseId } from "@/lib/game/werewolf/types";

// Apart from the phase labels (labels.ts): the room page's first load needs only these two.
export const isNight = (phase: PhaseId) => phase.startsWith("night.");

/** Night theme at night and after the end; day theme while the village is awake. */
export const themeFor = (phase: PhaseId | null): "night" | "day" =>
  phase === null || isNight(phase) || phase === "ended" ? "night" : "day";
