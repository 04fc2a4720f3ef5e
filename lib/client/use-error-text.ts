"use client";
import { useTranslations } from "next-intl";
import { ApiError } from "./api";

const known = new Set([
  "NETWORK", "UNAUTHENTICATED", "BAD_NAME", "NAME_TAKEN", "ROOM_FULL", "ROOM_NOT_IN_LOBBY",
  "ROOM_NOT_FOUND", "GAME_NOT_FOUND", "NOT_HOST", "BAD_PLAYER_COUNT", "NOT_ALL_READY", "BAD_CONFIG",
  "WRONG_PHASE", "NOT_YOUR_TURN", "NOT_ALIVE", "ALREADY_ACTED", "INVALID_TARGET", "NO_POTION",
  "RATE_LIMITED", "GAME_ENDED", "GAME_IN_PROGRESS",
]);

/** Turns any thrown error into a sentence in the player's language (server codes are stable). */
export function useErrorText() {
  const t = useTranslations("errors");
  return (e: unknown): string => {
    const code = e instanceof ApiError ? e.code : "NETWORK";
    return known.has(code) ? t(code as "NETWORK") : t("other", { code });
  };
}
