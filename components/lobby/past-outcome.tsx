"use client";
import { useTranslations } from "next-intl";
import type { ComponentType, ReactNode } from "react";
import type { PastGame } from "@/lib/server/games/history";

/** What a mode tells of one earlier game: its words for the winner and for the reader's role. */
export interface PastOutcomeProps {
  game: PastGame;
  /** Shown between the two lines (when it was played, by how many). */
  children: ReactNode;
}

/**
 * The two lines of an earlier game in the lobby: who won (or "ended by the host") and how the
 * reader did ("You won · Seer", "You watched"), in the words of the game's mode.
 */
export function PastOutcome({ game, winnerText, roleText, children }: PastOutcomeProps & { winnerText: string; roleText: string | null }) {
  const t = useTranslations("history");
  const th = useTranslations("host");
  return (
    <>
      <span className="font-semibold text-accent">{game.endedByHost ? th("endedByHost") : winnerText}</span>
      {children}
      <span className={`text-sm ${game.won ? "text-ok" : "text-muted"}`} data-testid="earlier-outcome">
        {roleText !== null ? t(game.endedByHost ? "youPlayed" : game.won ? "youWon" : "youLost", { role: roleText }) : t("watched")}
      </span>
    </>
  );
}

/**
 * The outcome lines of a mode whose messages name sides `<ns>.winner.<side>` and roles
 * `<ns>.role.<role>.name` (Catch the Witch's "wh", the card game's "cw").
 */
export function modeWordsOutcome(ns: "wh" | "cw"): ComponentType<PastOutcomeProps> {
  return function ModeWordsOutcome({ game, children }: PastOutcomeProps) {
    const t = useTranslations(ns);
    return (
      <PastOutcome game={game} winnerText={t(`winner.${(game.winner ?? "none") as "none"}`)} roleText={game.myRole && t(`role.${game.myRole as "villager"}.name`)}>
        {children}
      </PastOutcome>
    );
  };
}
