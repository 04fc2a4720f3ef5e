"use client";
import { useTranslations } from "next-intl";
import type { PhaseId, WerewolfView } from "@/lib/game/werewolf/types";

const nightSteps: Partial<Record<PhaseId, "nightMain" | "nightWitch" | "nightThief" | "nightCupid" | "nightLovers">> = {
  "night.main": "nightMain",
  "night.witch": "nightWitch",
  "night.thief": "nightThief",
  "night.cupid": "nightCupid",
  "night.lovers": "nightLovers",
};

/** Title and subtitle of the current phase, e.g. "Đêm 2" / "Phù thủy hành động". */
export function usePhaseTitle() {
  const t = useTranslations("phase");
  return (view: Pick<WerewolfView, "phase" | "day" | "candidates">): { title: string; sub: string } => {
    const n = view.day;
    const step = nightSteps[view.phase];
    if (step) return { title: t("night", { n }), sub: t(step) };
    switch (view.phase) {
      case "day":
        return { title: t("day", { n }), sub: t("dayHint") };
      case "vote":
        return { title: t("vote", { n }), sub: view.candidates ? t("revote") : "" };
      case "hunter":
        return { title: t("day", { n }), sub: t("hunter") };
      case "sheriff.election":
        return { title: t("day", { n }), sub: t("sheriffElection") };
      case "sheriff.succession":
        return { title: t("day", { n }), sub: t("sheriffSuccession") };
      default:
        return { title: t("ended"), sub: "" };
    }
  };
}

/** "Sói" / "phe Dân" / ... for a role id or a seer result (side or, in classic, a role). */
export function useRoleText() {
  const tr = useTranslations("roles");
  const tt = useTranslations("teams");
  return {
    role: (role: string) => (["wolf", "seer", "guard", "witch", "hunter", "villager", "cupid", "thief", "little_girl"].includes(role) ? tr(`${role as "wolf"}.name`) : role),
    side: (side: string) => (side === "wolves" || side === "wolf" ? tt("wolves") : side === "village" ? tt("village") : side === "lovers" ? tt("lovers") : side),
  };
}

/**
 * A peeking Little Girl reads wolves as "Wolf N" (C-GIRL-1): the engine's alias, shown in the
 * player's language. Anything else is a player id, named through `name`.
 */
export function useSpeaker(name: (id: string) => string, players: readonly string[]) {
  const t = useTranslations("action");
  return (who: string): string => {
    if (players.includes(who)) return name(who);
    const n = /^Wolf (\d+)$/.exec(who)?.[1];
    return n ? t("wolfAlias", { n }) : who;
  };
}
