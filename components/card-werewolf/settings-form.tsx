"use client";
import { useTranslations } from "next-intl";
import type { AngelKind } from "@/lib/game/card-werewolf/types";
import { CheckOption } from "../lobby/check-option";
import { useSettingsDraft } from "../lobby/use-settings-draft";
import type { SettingsFormProps } from "../modes";
import { ErrorNote } from "@/components/ui/error-note";

interface CwSettings {
  angel: AngelKind;
  traitor: boolean;
}

const ANGELS: AngelKind[] = ["none", "basic", "powerful"];

/**
 * The card game's settings (CW-R4, CW-R39, CW-R45): the basic game, or the advanced one with the
 * Angel (basic or powerful) and/or the Traitor, 7+ players; each change saved at once.
 */
export function CwSettingsForm({ settings, editable, onSave }: SettingsFormProps) {
  const t = useTranslations("cw");
  const tl = useTranslations("lobby");
  const { draft, save, busy, error } = useSettingsDraft<CwSettings>(onSave);
  const saved = settings as unknown as Partial<CwSettings>;
  const angel = draft?.angel ?? saved.angel ?? "none";
  const traitor = draft?.traitor ?? saved.traitor ?? false;
  const advanced = angel !== "none" || traitor;
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="cw-settings-title" data-testid="cw-settings" data-advanced={advanced ? "true" : "false"}>
      <h2 id="cw-settings-title" className="text-lg font-bold">
        {tl("settings")}
      </h2>
      <p className="text-sm font-semibold" data-testid="cw-game-kind">
        {advanced ? t("advancedGame") : t("basicGame")}
      </p>
      <fieldset className="flex flex-col gap-1">
        <legend className="font-semibold">{t("role.angel.name")}</legend>
        {ANGELS.map((a) => (
          <label key={a} className="flex min-h-11 items-center gap-3">
            <input type="radio" name="cw-angel" className="size-5 accent-[var(--accent)]" checked={angel === a} disabled={!editable || busy} onChange={() => save({ angel: a })} data-testid={`cw-angel-${a}`} />
            <span className="flex flex-col">
              <span>{t(`angel.${a}.name`)}</span>
              <span className="text-sm text-muted">{t(`angel.${a}.help`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <CheckOption checked={traitor} disabled={!editable || busy} onChange={(on) => save({ traitor: on })} testId="cw-traitor" name={t("role.traitor.name")} help={t("traitorHelp")} />
      <p className="text-sm text-muted" data-testid="cw-table-sizes">
        {advanced ? t("tableSizesAdvanced") : t("tableSizes")}
      </p>
      <ErrorNote error={error} />
    </section>
  );
}
