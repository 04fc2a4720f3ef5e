"use client";
import { sideOf } from "@/lib/game/witch-hunt/winners";
import { useTranslations } from "next-intl";
import { useNameList } from "@/lib/client/use-name-list";
import { HAND_LIMIT } from "@/lib/game/witch-hunt/tables";
import { RoleCardFrame } from "../game/role-card-frame";
import { useWh } from "./context";
import { IngredientChip } from "./items";

/** Witches and the Crow are the Witch side; the Clown is alone (WH-R2). */

/**
 * The own role (WH-R14), hidden until pressed so a neighbour can't read it, with who the witches
 * are for a witch or the Crow (WH-P5, WH-P6); the hand of ingredient cards is always shown.
 */
export function WhRoleCard({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { view, me, player } = useWh();
  const t = useTranslations("wh");
  const tg = useTranslations("game");
  const list = useNameList();
  const role = view.role;
  if (!role) return <p className="card text-muted">{tg("spectating")}</p>;
  const others = view.witches.filter((w) => w !== me);
  const form = view.form[me];
  return (
    <RoleCardFrame
      id="wh-role-card"
      shown={shown}
      onToggle={onToggle}
      always={
        <>
          {form !== "human" && (
            <p className="font-semibold text-danger" data-testid="my-form" data-form={form}>
              {form === "frog" ? t("youAreFrog") : t("youAreExpelled")}
            </p>
          )}
          <div className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold">{t("hand", { n: view.hand.length, of: HAND_LIMIT })}</h3>
            <div className="flex flex-wrap gap-1.5" data-testid="hand">
              {view.hand.length === 0 ? <span className="text-sm text-muted">{t("handEmpty")}</span> : view.hand.map((c, i) => <IngredientChip key={`${c}${i}`} item={c} />)}
            </div>
            {view.stolen > 0 && <p className="text-sm text-danger">{t("robbed")}</p>}
          </div>
        </>
      }
    >
      <p className={`text-xl font-extrabold ${sideOf(role) === "witches" ? "text-wolf" : sideOf(role) === "clown" ? "text-accent" : "text-village"}`} data-testid="my-role" data-role={role}>
        {t(`role.${role}.name`)}
      </p>
      <p className="text-sm text-muted">{t(`role.${role}.help`)}</p>
      {/* The list is the team's: an expelled witch or Crow no longer reads it (docs/witch-hunt.md). */}
      {view.witches.length > 0 && (
        <p className="text-sm text-wolf wrap-anywhere" data-testid="witch-mates">
          {others.length > 0 ? t("witchesAre", { names: list(others.map((w) => player(w).name)) }) : t("onlyWitch")}
        </p>
      )}
      {role === "crow" && <p className="text-sm">{view.crowSpoiled ? t("crowSpoiled") : t("crowSpoiledUsed")}</p>}
    </RoleCardFrame>
  );
}
