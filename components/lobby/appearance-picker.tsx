"use client";
import { useTranslations } from "next-intl";
import { Avatar, appearances } from "@/components/ui/avatar";

/** A radio group of avatars: arrow keys move between them as in any radio group. */
export function AppearancePicker({ value, onChange, disabled }: { value: string | null; onChange: (a: string) => void; disabled?: boolean }) {
  const t = useTranslations("lobby");
  const ta = useTranslations("appearance");
  return (
    // Shaped like the classic roles' checkboxes (settings-form.tsx), but one choice of avatar, not a set of options.
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="font-semibold">{t("appearance")}</legend>
      <p className="text-sm text-muted">{t("appearanceHint")}</p>
      <div className="grid grid-cols-6 gap-2">
        {appearances.map((a) => (
          <label key={a} className="relative flex cursor-pointer justify-center rounded-full p-1 has-[:checked]:bg-accent has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent">
            <input
              type="radio"
              name="appearance"
              value={a}
              checked={value === a}
              onChange={() => onChange(a)}
              className="sr-only"
              aria-label={ta(a as "a1")}
            />
            <Avatar appearance={a} size={40} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
