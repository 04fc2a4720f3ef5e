"use client";
import { useTranslations } from "next-intl";
import { useBusy } from "@/lib/client/use-busy";
import type { SettingsFormProps } from "../modes";

/** Catch the Witch's one setting (WH-P8): the time limit, off by default; saved on change. */
export function WhSettingsForm({ settings, editable, onSave }: SettingsFormProps) {
  const t = useTranslations("wh");
  const tl = useTranslations("lobby");
  const { busy, error, run } = useBusy();
  const timed = (settings as { timed?: boolean }).timed === true;
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="wh-settings-title" data-testid="wh-settings">
      <h2 id="wh-settings-title" className="text-lg font-bold">
        {tl("settings")}
      </h2>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          className="size-5 accent-[var(--accent)]"
          checked={timed}
          disabled={!editable || busy}
          onChange={(e) => run(() => onSave({ timed: e.target.checked } as Partial<typeof settings>))}
          data-testid="wh-timed"
        />
        <span className="flex flex-col">
          <span className="font-semibold">{t("timeLimit")}</span>
          <span className="text-sm text-muted">{timed ? t("timedHelp") : t("untimedHelp")}</span>
        </span>
      </label>
      <p className="text-sm text-muted">{t("tableSizes")}</p>
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
