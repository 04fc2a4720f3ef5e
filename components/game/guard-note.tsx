"use client";
import { useTranslations } from "next-intl";
import { useGameCtx } from "./game-context";

/** Why last night's choice is missing from the Guard's targets (S-GUARD-1). */
export function GuardNote() {
  const { view, player } = useGameCtx();
  const t = useTranslations("action");
  if (view.myRole !== "guard" || view.phase !== "night.main" || !view.lastProtect || view.lastProtect.day !== view.day - 1) return null;
  return <p className="text-sm text-muted">{t("guardLast", { name: player(view.lastProtect.target).name })}</p>;
}
