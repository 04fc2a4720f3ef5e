"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useBusy } from "@/lib/client/use-busy";
import type { SettingsFormProps } from "../modes";
import { ErrorNote } from "@/components/ui/error-note";

/** Catch the Witch's one setting (WH-P8): the time limit, off by default; saved on change. */
export function WhSettingsForm({ settings, editable, onSave }: SettingsFormProps) {
  const t = useTranslations("wh");
  const tl = useTranslations("lobby");
  const { busy, error, run } = useBusy();
  const saved = (settings as { timed?: boolean }).timed === true;
  // Shown at once, then the room's answer (a refusal puts the saved value back).
  const [draft, setDraft] = useState<boolean | null>(null);
  const timed = draft ?? saved;
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
          onChange={(e) => {
            const next = e.target.checked;
            setDraft(next);
            void run(() => onSave({ timed: next } as Partial<typeof settings>)).finally(() => setDraft(null));
          }}
          data-testid="wh-timed"
        />
        <span className="flex flex-col">
          <span className="font-semibold">{t("timeLimit")}</span>
          <span className="text-sm text-muted">{timed ? t("timedHelp") : t("untimedHelp")}</span>
        </span>
      </label>
      <p className="text-sm text-muted">{t("tableSizes")}</p>
      <ErrorNote error={error} />
    </section>
  );
}
