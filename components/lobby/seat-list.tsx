"use client";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import type { RoomMember } from "@/lib/client/room-types";

export function SeatList({
  members,
  meId,
  isHost,
  onKick,
}: {
  members: RoomMember[];
  meId: string;
  isHost: boolean;
  onKick: (m: RoomMember) => void;
}) {
  const t = useTranslations("lobby");
  const tc = useTranslations("common");
  return (
    <section className="card" aria-labelledby="seats-title">
      <h2 id="seats-title" className="mb-2 text-lg font-bold">
        {t("players", { count: members.length })}
      </h2>
      <ul className="flex flex-col gap-1" data-testid="seat-list">
        {members.map((m) => (
          <li key={m.userId} className="flex min-h-12 items-center gap-3 rounded-xl px-2 py-1 odd:bg-surface-2" data-testid="seat">
            <Avatar appearance={m.appearance} seed={m.userId} size={36} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold">
                {m.displayName}
                {m.userId === meId && <span className="ml-2 text-sm font-normal text-muted">({tc("you")})</span>}
              </span>
              {m.isHost && <span className="text-xs text-accent">{t("host")}</span>}
            </span>
            <span className={m.ready ? "text-sm font-semibold text-ok" : "text-sm text-muted"} data-testid={m.ready ? "is-ready" : "not-ready"}>
              {m.ready ? `✓ ${t("ready")}` : t("notReady")}
            </span>
            {isHost && m.userId !== meId && (
              <button type="button" className="btn btn-sm btn-ghost" aria-label={t("kick", { name: m.displayName })} onClick={() => onKick(m)}>
                {t("kickShort")}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
