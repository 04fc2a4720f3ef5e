"use client";
import { useTranslations } from "next-intl";
import type { MouseEvent } from "react";
import { SeatPicker as SeatPickerBase, type SeatPickerProps } from "@/components/game/seat-picker";
import { INGREDIENT_AT } from "@/lib/game/witch-hunt/tables";
import type { Location } from "@/lib/game/witch-hunt/types";
import { useWh } from "./context";
import { IngredientChip, TINT } from "./items";

/**
 * The map (WH-P3): one tile per open location with its ingredient; with `counts` (the guarding
 * Guard's and the witches' view, WH-R42) each tile says how many cats are there, never who.
 */
export function LocationMap({
  locations,
  chosen,
  selected,
  counts,
  disabled,
  onPick,
  testId = "location",
}: {
  locations: Location[];
  chosen?: Location | null;
  selected?: Location | null;
  counts?: Partial<Record<Location, number>> | null;
  disabled?: boolean;
  onPick?: (l: Location, e: MouseEvent) => void;
  testId?: string;
}) {
  const t = useTranslations("wh");
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="location-map">
      {locations.map((l) => {
        const on = selected === l || (selected == null && chosen === l);
        return (
          <li key={l}>
            <button
              type="button"
              className={`btn h-full min-h-20 w-full flex-col items-start justify-between gap-1 text-left ${on ? "btn-primary" : ""}`}
              style={{ borderLeft: `6px solid ${TINT[INGREDIENT_AT[l]]}` }}
              aria-pressed={on}
              disabled={disabled || !onPick}
              onClick={(e) => onPick?.(l, e)}
              data-testid={testId}
              data-location={l}
              data-mine={chosen === l ? "true" : undefined}
            >
              <span className="font-bold">{t(`place.${l}`)}</span>
              <IngredientChip item={INGREDIENT_AT[l]} size="sm" />
              {counts && (
                <span className="text-sm" data-testid="location-count" data-count={counts[l] ?? 0}>
                  {t("catsHere", { n: counts[l] ?? 0 })}
                </span>
              )}
              {chosen === l && <span className="text-xs font-semibold">✓ {t("yourPick")}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Seats to choose from, named from this game's players. */
export function SeatPicker(props: Omit<SeatPickerProps, "player">) {
  const { player } = useWh();
  return <SeatPickerBase player={player} {...props} />;
}
