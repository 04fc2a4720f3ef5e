"use client";
import { useState } from "react";
import { useErrorText } from "./use-error-text";

/**
 * One request at a time from a form or a card: `run` marks it busy while `fn` runs and keeps the
 * refusal as a sentence in the player's language (`error`, cleared by the next run).
 */
export function useBusy() {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (fn: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
