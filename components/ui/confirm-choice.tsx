"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { newIdempotencyKey } from "@/lib/client/api";
import { useErrorText } from "@/lib/client/use-error-text";

/** How long a confirmation ignores input after it appears or changes: a double tap never sends. */
export const CONFIRM_GUARD_MS = 400;

type Action = Record<string, unknown> & { type: string };

export interface Pending {
  action: Action;
  label: string;
  key: string;
  /** What stays marked as chosen where it was tapped while the confirmation waits. */
  selected: string;
  keyboard: boolean;
}

/**
 * A choice, then its confirmation (a game's accepted actions are final): `ask` selects, the bar arms
 * after CONFIRM_GUARD_MS, `send` acts once with the choice's own idempotency key.
 */
export function useConfirmChoice(act: (a: Action, key: string) => Promise<void>, onSent?: (a: Action) => void) {
  const errorText = useErrorText();
  const [pending, setPending] = useState<Pending | null>(null);
  const [armedKey, setArmedKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!pending) return;
    const id = setTimeout(() => setArmedKey(pending.key), CONFIRM_GUARD_MS);
    return () => clearTimeout(id);
  }, [pending]);
  const armed = pending !== null && armedKey === pending.key;
  const ask = (action: Action, label: string, selected: string, e?: MouseEvent) => {
    setError(null);
    if (pending && pending.selected === selected && pending.label === label) return; // the second tap of a double tap
    setPending({ action, label, key: newIdempotencyKey(), selected, keyboard: e !== undefined && e.detail === 0 });
  };
  const send = async () => {
    if (!pending || !armed) return;
    setBusy(true);
    try {
      await act(pending.action, pending.key);
      onSent?.(pending.action);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setPending(null);
      setBusy(false);
    }
  };
  const reset = () => {
    setPending(null);
    setError(null);
  };
  return { pending, armed, busy, error, ask, send, cancel: () => setPending(null), reset, isSelected: (s: string) => pending?.selected === s };
}

export type ConfirmChoice = ReturnType<typeof useConfirmChoice>;

/** The confirmation bar under the choices: the chosen action's own words on the button. */
export function ConfirmBar({ c, question }: { c: ConfirmChoice; question: (label: string) => string }) {
  const tc = useTranslations("common");
  const ta = useTranslations("action");
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const b = ref.current;
    if (!c.armed || !b) return;
    if (c.pending?.keyboard) b.focus();
    else if (b.getBoundingClientRect().bottom > window.innerHeight) b.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [c.armed, c.pending]);
  if (!c.pending) return null;
  return (
    <div className="flex flex-col gap-2 rounded-xl border-2 border-accent bg-surface-2 p-3 shadow-lg" role="group" aria-label={question(c.pending.label)} data-testid="confirm-bar">
      <p className="font-semibold wrap-anywhere">{question(c.pending.label)}</p>
      <div className="flex gap-2">
        <button ref={ref} type="button" className="btn btn-primary min-w-0 flex-1 wrap-anywhere" disabled={c.busy || !c.armed} onClick={c.send} data-testid="confirm" data-armed={c.armed ? "true" : "false"}>
          {c.busy ? ta("sending") : c.pending.label}
        </button>
        <button type="button" className="btn flex-1" disabled={c.busy} onClick={c.cancel} data-testid="cancel">
          {tc("cancel")}
        </button>
      </div>
    </div>
  );
}
