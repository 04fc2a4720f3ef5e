"use client";
import { useTranslations } from "next-intl";
import type { Ingredient } from "@/lib/game/witch-hunt/types";

/** One colour per ingredient, so a card and its location read together at a glance. */
export const TINT: Record<Ingredient | "spoiled", string> = {
  mushroom: "#c0694b",
  herb: "#4f9a4a",
  fish: "#3f87c4",
  crystal: "#9a6ad0",
  bone: "#b8ad94",
  spoiled: "#6b6b6b",
};

/** An ingredient card (or the witches' Spoiled) as a chip. */
export function IngredientChip({ item, size = "md" }: { item: Ingredient | "spoiled" | "nothing"; size?: "sm" | "md" }) {
  const t = useTranslations("wh");
  const tint = item === "nothing" ? "transparent" : TINT[item];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-lg border border-line bg-surface-2 font-semibold ${size === "sm" ? "px-1.5 text-xs leading-5" : "px-2 py-1 text-sm"}`}
      data-testid="ingredient"
      data-item={item}
    >
      <span aria-hidden="true" className="inline-block size-2.5 rounded-full" style={{ background: tint }} />
      {t(`item.${item}`)}
    </span>
  );
}
