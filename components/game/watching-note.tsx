"use client";
import { useTranslations } from "next-intl";
import type { RoomMember } from "@/lib/client/room-types";

/**
 * Spectators (issue 22 item 8): a spectator's own screen says it is watching and what that means;
 * every screen of the game says how many watch (public: the members list is).
 */
export function WatchingNote({ watching, members }: { watching: boolean; members: readonly RoomMember[] }) {
  const t = useTranslations("watch");
  const count = members.filter((m) => m.watching).length;
  if (watching)
    return (
      <div className="card border-accent" role="status" data-testid="watching-banner">
        <p className="font-semibold">{t("banner")}</p>
        <p className="mt-1 text-sm text-muted" data-testid="watching-count">
          {t("count", { count })}
        </p>
      </div>
    );
  if (count === 0) return null;
  return (
    <p className="text-sm text-muted" data-testid="watching-count">
      {t("count", { count })}
    </p>
  );
}
