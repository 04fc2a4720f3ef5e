"use client";
import { useTranslations } from "next-intl";
import { ApiError } from "./api";

/**
 * Turns any thrown error into a sentence in the player's language (server codes are stable). A
 * code with a message of its own under `errors` gets it; any other says which code it was.
 */
export function useErrorText() {
  const t = useTranslations("errors");
  return (e: unknown): string => {
    const code = e instanceof ApiError ? e.code : "NETWORK";
    return code !== "other" && t.has(code as "NETWORK") ? t(code as "NETWORK") : t("other", { code });
  };
}
