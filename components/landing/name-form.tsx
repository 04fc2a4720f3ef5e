"use client";
import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { useBusy } from "@/lib/client/use-busy";

/**
 * A display name to submit (W-ROOM-3: 1–20 characters after trimming; the server checks the rest):
 * anonymous sign-in (the defaults) and the account menu's rename (`compact`, with its own texts,
 * test ids and a cancel button as `extra`). The server's refusal is shown under the field.
 */
export function NameForm({
  onSubmit,
  submitLabel,
  label,
  initial = "",
  compact = false,
  testIds = { input: "name-input", submit: "name-submit" },
  extra,
}: {
  onSubmit: (name: string) => Promise<unknown>;
  submitLabel?: string;
  label?: string;
  initial?: string;
  /** The small variant of a panel: smaller text and buttons, the field focused. */
  compact?: boolean;
  testIds?: { input: string; submit: string };
  /** Beside the submit button (e.g. cancel). */
  extra?: ReactNode;
}) {
  const t = useTranslations("landing");
  const id = useId();
  const [name, setName] = useState(initial);
  const { busy, error, run } = useBusy();
  const trimmed = name.trim();
  const submit = (
    <button
      type="submit"
      className={compact ? "btn btn-sm btn-primary flex-1" : "btn btn-primary"}
      disabled={busy || !trimmed}
      data-testid={testIds.submit}
    >
      {submitLabel ?? t("signIn")}
    </button>
  );
  return (
    <form
      className={compact ? "flex flex-col gap-2" : "flex flex-col gap-3"}
      onSubmit={async (e) => {
        e.preventDefault();
        if (trimmed && !busy) await run(() => onSubmit(trimmed));
      }}
    >
      <label htmlFor={id} className={compact ? "text-sm font-semibold" : "font-semibold"}>
        {label ?? t("nameLabel")}
      </label>
      <input
        id={id}
        className="field"
        value={name}
        maxLength={20}
        autoComplete="nickname"
        autoFocus={compact}
        placeholder={compact ? undefined : t("namePlaceholder")}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        data-testid={testIds.input}
      />
      {error && (
        <p id={`${id}-err`} role="alert" className={compact ? "text-sm text-danger" : "text-danger"}>
          {error}
        </p>
      )}
      {extra ? (
        <div className="flex gap-2">
          {submit}
          {extra}
        </div>
      ) : (
        submit
      )}
    </form>
  );
}
