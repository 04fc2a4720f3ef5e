"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useErrorText } from "@/lib/client/use-error-text";

/** Anonymous sign-in: just a display name (W-ROOM-3: 1–20 characters after trimming). */
export function NameForm({ onSubmit, submitLabel }: { onSubmit: (name: string) => Promise<unknown>; submitLabel?: string }) {
  const t = useTranslations("landing");
  const errorText = useErrorText();
  const id = useId();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trimmed = name.trim();
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!trimmed) return;
        setBusy(true);
        setError(null);
        try {
          await onSubmit(trimmed);
        } catch (err) {
          setError(errorText(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <label htmlFor={id} className="font-semibold">
        {t("nameLabel")}
      </label>
      <input
        id={id}
        className="field"
        value={name}
        maxLength={20}
        autoComplete="nickname"
        placeholder={t("namePlaceholder")}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        data-testid="name-input"
      />
      {error && (
        <p id={`${id}-err`} role="alert" className="text-danger">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy || !trimmed} data-testid="name-submit">
        {submitLabel ?? t("signIn")}
      </button>
    </form>
  );
}
