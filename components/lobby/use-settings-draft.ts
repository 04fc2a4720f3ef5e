"use client";
import { useState } from "react";
import { useBusy } from "@/lib/client/use-busy";
import type { SettingsFormProps } from "../modes";

/**
 * A mode's settings saved on each change: the change shows at once (`draft`), then the room's
 * answer replaces it (a refusal puts the saved value back and sets `error`).
 */
export function useSettingsDraft<S>(onSave: SettingsFormProps["onSave"]): { draft: Partial<S> | null; save: (change: Partial<S>) => void; busy: boolean; error: string | null } {
  const { busy, error, run } = useBusy();
  const [draft, setDraft] = useState<Partial<S> | null>(null);
  const save = (change: Partial<S>) => {
    setDraft(change);
    void run(() => onSave(change as Parameters<typeof onSave>[0])).finally(() => setDraft(null));
  };
  return { draft, save, busy, error };
}
