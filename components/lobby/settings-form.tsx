"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { RoomSettings } from "@/lib/client/room-types";

const optionalRoles = ["thief", "hunter", "cupid", "witch", "little_girl"] as const;

/** Host-only lobby settings; other players see the same form read-only. Keyed by the saved
 * settings in the parent, so a change from the server resets the draft. */
export function SettingsForm({
  settings,
  editable,
  onSave,
}: {
  settings: RoomSettings;
  editable: boolean;
  onSave: (s: Partial<RoomSettings>) => Promise<void>;
}) {
  const t = useTranslations("lobby");
  const tr = useTranslations("roles");
  const id = useId();
  const [draft, setDraft] = useState(settings);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const key = JSON.stringify(settings);
  const classic = draft.classic;
  const setClassic = (c: Partial<RoomSettings["classic"]>) => setDraft({ ...draft, classic: { ...classic, ...c } });
  const dirty = JSON.stringify(draft) !== key;

  return (
    <form
      className="card flex flex-col gap-3"
      aria-labelledby={`${id}-t`}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          await onSave({ ruleset: draft.ruleset, dayLength: draft.dayLength, classic: draft.classic });
          setSaved(true);
          setTimeout(() => setSaved(false), 2000);
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2 id={`${id}-t`} className="text-lg font-bold">
        {t("settings")}
      </h2>
      <fieldset disabled={!editable || busy} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-rs`} className="text-sm font-semibold">
            {t("ruleset")}
          </label>
          <select
            id={`${id}-rs`}
            className="field"
            value={draft.ruleset}
            onChange={(e) => setDraft({ ...draft, ruleset: e.target.value as RoomSettings["ruleset"] })}
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
            value={draft.dayLength}
            onChange={(e) => setDraft({ ...draft, dayLength: Number(e.target.value) })}
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
      {editable && (
        <button type="submit" className="btn" disabled={!dirty || busy} data-testid="save-settings">
          {saved ? t("saved") : t("save")}
        </button>
      )}
    </form>
  );
}
