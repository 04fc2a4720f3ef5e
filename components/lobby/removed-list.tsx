"use client";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import type { RemovedPlayer } from "@/lib/client/room-types";

/** The host's list of kicked players (issue 22 item 5): a kick holds until "Allow back". */
export function RemovedList({ removed, busy, onAllowBack }: { removed: RemovedPlayer[]; busy: boolean; onAllowBack: (p: RemovedPlayer) => void }) {
  const t = useTranslations("host");
  if (removed.length === 0) return null;
  return (
    <section className="card" aria-labelledby="removed-title" data-testid="removed-list">
      <h2 id="removed-title" className="mb-2 text-lg font-bold">
        {t("removedTitle", { count: removed.length })}
      </h2>
      <ul className="flex flex-col gap-1">
        {removed.map((p) => (
          <li key={p.userId} className="flex min-h-12 items-center gap-3 rounded-xl px-2 py-1 odd:bg-surface-2" data-testid="removed-player" data-user={p.userId}>
            <Avatar appearance={p.appearance} seed={p.userId} size={32} />
            <span className="min-w-0 flex-1 font-semibold wrap-anywhere">{p.displayName}</span>
            <button type="button" className="btn btn-sm shrink-0" disabled={busy} onClick={() => onAllowBack(p)} data-testid="allow-back">
              {t("allowBack")}
              <span className="sr-only"> {p.displayName}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
