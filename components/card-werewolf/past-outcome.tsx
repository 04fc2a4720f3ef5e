"use client";
import { useTranslations } from "next-intl";
import { PastOutcome, type PastOutcomeProps } from "../lobby/past-outcome";

/** An earlier card game in the lobby, in its words ("The Werewolves win", "Traitor"). */
export function CwPastOutcome({ game, children }: PastOutcomeProps) {
  const t = useTranslations("cw");
  return (
    <PastOutcome game={game} winnerText={t(`winner.${(game.winner ?? "none") as "none"}`)} roleText={game.myRole && t(`role.${game.myRole as "angel"}.name`)}>
      {children}
    </PastOutcome>
  );
}
