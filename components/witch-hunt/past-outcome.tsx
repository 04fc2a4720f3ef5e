"use client";
import { useTranslations } from "next-intl";
import { PastOutcome, type PastOutcomeProps } from "../lobby/past-outcome";

/** An earlier Catch-the-Witch game in the lobby, in its words ("The Witch side wins!", "Crow"). */
export function WhPastOutcome({ game, children }: PastOutcomeProps) {
  const t = useTranslations("wh");
  return (
    <PastOutcome game={game} winnerText={t(`winner.${(game.winner ?? "none") as "none"}`)} roleText={game.myRole && t(`role.${game.myRole as "witch"}.name`)}>
      {children}
    </PastOutcome>
  );
}
