"use client";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import type { SettingsFormProps } from "../modes";
import type { WerewolfSettings } from "@/lib/game/werewolf/settings";
import { useErrorText } from "@/lib/client/use-error-text";

const optionalRoles = ["thief", "hunter", "cupid", "witch", "little_girl"] as const;
/** A burst of clicks or keystrokes is one save. */
const SAVE_DELAY_MS = 600;
type SaveState = "idle" | "unsaved" | "saving" | "saved" | "failed";

const validDayLength = (n: number) => Number.isInteger(n) && n >= 30 && n <= 300;

type Draft = WerewolfSettings & { mode: string };

/**
 * The werewolf lobby's settings (lib/game/werewolf/settings.ts), host-only, saved as they change (debounced) with the state shown next to the
 * title; other players see the same form read-only. A change from the server replaces the draft
 * unless the host has an edit of their own still on its way.
 */
export function SettingsForm({
  settings: roomSettings,
  editable,
  onSave,
}: SettingsFormProps) {
  // The room's settings are the mode's (the server read them with the mode's defaults filled in).
  const settings = roomSettings as Draft;
  const t = useTranslations("lobby");
  const tp = useTranslations("polish");
  const tr = useTranslations("roles");
  const errorText = useErrorText();
  const id = useId();
  const [draft, setDraft] = useState(settings);
  const [state, setState] = useState<SaveState>("idle");
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState(settings);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = state === "unsaved" || state === "saving";
  if (seen !== settings) {
    setSeen(settings);
    if (!pending) setDraft(settings);
  }
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const save = async (next: Draft) => {
    setState("saving");
    try {
      await onSave({ ruleset: next.ruleset, dayLength: next.dayLength, classic: next.classic });
      setState((s) => (s === "saving" ? "saved" : s));
      setError(null);
    } catch (e) {
      setError(errorText(e));
      setState("failed");
    }
  };
  const change = (next: Draft) => {
    setDraft(next);
    if (timer.current) clearTimeout(timer.current);
    setState("unsaved");
    if (!validDayLength(next.dayLength)) return; // saved once it is a valid length again
    timer.current = setTimeout(() => {
      timer.current = null;
      void save(next);
    }, SAVE_DELAY_MS);
  };
  const classic = draft.classic;
  const setClassic = (c: Partial<Draft["classic"]>) => change({ ...draft, classic: { ...classic, ...c } });
  const status =
    state === "unsaved" ? tp("settingsUnsaved") : state === "saving" ? tp("settingsSaving") : state === "saved" ? tp("settingsSaved") : state === "failed" ? tp("settingsFailed", { error: error ?? "" }) : "";

  return (
    <form
      className="card flex flex-col gap-3"
      aria-labelledby={`${id}-t`}
      onSubmit={(e) => {
        // Enter in the number field saves at once.
        e.preventDefault();
        if (!timer.current) return;
        clearTimeout(timer.current);
        timer.current = null;
        void save(draft);
      }}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={`${id}-t`} className="text-lg font-bold">
          {t("settings")}
        </h2>
        {editable && (
          <p
            role="status"
            className={state === "failed" ? "text-sm text-danger" : state === "saved" ? "text-sm text-ok" : "text-sm text-muted"}
            data-testid="settings-status"
            data-state={state}
          >
            {status}
          </p>
        )}
      </div>
      {editable && <p className="-mt-2 text-sm text-muted">{tp("settingsAutosave")}</p>}
      <fieldset disabled={!editable} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-rs`} className="text-sm font-semibold">
            {t("ruleset")}
          </label>
          <select
            id={`${id}-rs`}
            className="field"
            value={draft.ruleset}
            onChange={(e) => change({ ...draft, ruleset: e.target.value as Draft["ruleset"] })}
            data-testid="ruleset"
          >
            <option value="standard">{t("standard")}</option>
            <option value="classic">{t("classic")}</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-dl`} className="text-sm font-semibold">
            {t("dayLength")}
          </label>
          <input
            id={`${id}-dl`}
            type="number"
            inputMode="numeric"
            min={30}
            max={300}
            step={10}
            className="field"
            value={Number.isNaN(draft.dayLength) ? "" : draft.dayLength}
            aria-invalid={validDayLength(draft.dayLength) ? undefined : true}
            onChange={(e) => change({ ...draft, dayLength: e.target.value === "" ? NaN : Number(e.target.value) })}
            data-testid="day-length"
          />
        </div>
        {draft.ruleset === "classic" && (
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-semibold">{t("classicRoles")}</legend>
            <div className="grid grid-cols-2 gap-1">
              {optionalRoles.map((r) => (
                <label key={r} className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5 accent-[var(--accent)]"
                    checked={classic.roles.includes(r)}
                    onChange={(e) =>
                      setClassic({ roles: e.target.checked ? [...classic.roles, r] : classic.roles.filter((x) => x !== r) })
                    }
                  />
                  {tr(`${r}.name`)}
                </label>
              ))}
              {(["sheriff", "tieRevote", "endAtParity"] as const).map((k) => (
                <label key={k} className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5 accent-[var(--accent)]"
                    checked={classic[k]}
                    onChange={(e) => setClassic({ [k]: e.target.checked })}
                  />
                  {t(k === "sheriff" ? "sheriffOption" : k)}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </fieldset>
    </form>
  );
}
