"use client";
import { useTranslations } from "next-intl";
import { useRoleText } from "../game/labels";
import { PastOutcome, type PastOutcomeProps } from "./past-outcome";

/** An earlier Werewolf game in the lobby (S-END-1's words: "The Village wins", "Seer"). */
export function WerewolfPastOutcome({ game, children }: PastOutcomeProps) {
  const tr = useTranslations("results");
  const { role } = useRoleText();
  return (
    <PastOutcome game={game} winnerText={tr(`winner_${(game.winner ?? "draw") as "draw"}`)} roleText={game.myRole && role(game.myRole)}>
      {children}
    </PastOutcome>
  );
}
