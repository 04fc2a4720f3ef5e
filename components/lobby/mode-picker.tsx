"use client";
import { useTranslations } from "next-intl";
import { useBusy } from "@/lib/client/use-busy";
import { MODE_IDS } from "../modes";
import { ErrorNote } from "@/components/ui/error-note";

/**
 * The game of the room (issue 25): the host picks it, everyone sees it. A new game starts from that
 * game's default settings (the server's `PATCH /rooms/:code/settings { mode }`).
 */
export function ModePicker({ mode, editable, onPick }: { mode: string; editable: boolean; onPick: (mode: string) => Promise<void> }) {
  const t = useTranslations("modes");
  const { busy, error, run } = useBusy();
  return (
    <section className="card flex flex-col gap-2" aria-labelledby="mode-title" data-testid="mode-picker" data-mode={mode}>
      <h2 id="mode-title" className="text-lg font-bold">
        {t("title")}
      </h2>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3" role="radiogroup" aria-labelledby="mode-title">
        {MODE_IDS.map((id) => (
          <button
            key={id}
            type="button"
            role="radio"
            aria-checked={mode === id}
            className={`btn h-full flex-col items-start gap-0.5 text-left ${mode === id ? "btn-primary" : ""}`}
            disabled={!editable || busy}
            onClick={() => mode !== id && run(() => onPick(id))}
            data-testid={`mode-${id}`}
          >
            <span className="font-bold">{t(`${id as "werewolf"}.name`)}</span>
            <span className="text-xs">{t(`${id as "werewolf"}.players`)}</span>
          </button>
        ))}
      </div>
      <ErrorNote error={error} />
    </section>
  );
}
