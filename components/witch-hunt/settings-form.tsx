"use client";
import { useTranslations } from "next-intl";
import { CheckOption } from "../lobby/check-option";
import { useSettingsDraft } from "../lobby/use-settings-draft";
import type { SettingsFormProps } from "../modes";
import { ErrorNote } from "@/components/ui/error-note";

/** Catch the Witch's one setting (WH-P8): the time limit, off by default; saved on change. */
export function WhSettingsForm({ settings, editable, onSave }: SettingsFormProps) {
  const t = useTranslations("wh");
  const tl = useTranslations("lobby");
  const { draft, save, busy, error } = useSettingsDraft<{ timed: boolean }>(onSave);
  const timed = draft?.timed ?? (settings as { timed?: boolean }).timed === true;
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="wh-settings-title" data-testid="wh-settings">
      <h2 id="wh-settings-title" className="text-lg font-bold">
        {tl("settings")}
      </h2>
      <CheckOption checked={timed} disabled={!editable || busy} onChange={(on) => save({ timed: on })} testId="wh-timed" name={t("timeLimit")} help={timed ? t("timedHelp") : t("untimedHelp")} />
      <p className="text-sm text-muted">{t("tableSizes")}</p>
      <ErrorNote error={error} />
    </section>
  );
}
