"use client";
import { useLocale } from "next-intl";

/**
 * Names as one list in the player's language: Chinese separates list items with the enumeration
 * comma "、", Vietnamese and English with ", ". (Intl.ListFormat's Chinese unit lists have no
 * separator at all, and its conjunction lists add "和" before the last name.)
 */
export function useNameList(): (names: readonly string[]) => string {
  const sep = useLocale() === "zh" ? "、" : ", ";
  return (names) => names.join(sep);
}
