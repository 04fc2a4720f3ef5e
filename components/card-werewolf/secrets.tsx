"use client";
// The seat's face-down secrets (the Identification's look, the Night card, the Angel's look). The
// step's board remounts whenever the turn moves on (game-screen.tsx), so whether a secret is open is
// held above it, per game: a look the player opened stays open until they turn it down or the day ends.
import { useTranslations } from "next-intl";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useCw } from "./context";

interface OpenSecrets {
  isOpen(key: string): boolean;
  set(key: string, open: boolean): void;
}

const SecretsContext = createContext<OpenSecrets | null>(null);

/** Keyed by the game's id where it is used: a new game starts with every secret face down. */
export function SecretsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const set = useCallback(
    (key: string, on: boolean) =>
      setOpen((was) => {
        const next = new Set(was);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const value = useMemo(() => ({ isOpen: (key: string) => open.has(key), set }), [open, set]);
  return <SecretsContext.Provider value={value}>{children}</SecretsContext.Provider>;
}

/** A secret the seat opens with a tap, so a neighbour glancing at the phone sees nothing (same look for all). */
export function Secret({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  const t = useTranslations("cw");
  const { view } = useCw();
  const secrets = useContext(SecretsContext);
  if (!secrets) throw new Error("Secret needs a SecretsProvider above it");
  const key = `${testId}:${view.day}`;
  return secrets.isOpen(key) ? (
    <div className="flex flex-col gap-1 rounded-xl border-2 border-accent bg-surface-2 p-3" data-testid={testId}>
      {children}
      <button type="button" className="btn btn-sm self-start" onClick={() => secrets.set(key, false)}>
        {t("hideSecret")}
      </button>
    </div>
  ) : (
    <button type="button" className="btn btn-primary" onClick={() => secrets.set(key, true)} data-testid={`${testId}-open`}>
      {label}
    </button>
  );
}
