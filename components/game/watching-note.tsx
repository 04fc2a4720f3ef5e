"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { RoomMember } from "@/lib/client/room-types";

/**
 * Spectators (issue 22 item 8): a spectator's own screen says it is watching and what that means;
 * every screen of the game says how many watch (public: the members list is).
 */
export function WatchingNote({ watching, members, onLeave }: { watching: boolean; members: readonly RoomMember[]; onLeave?: () => Promise<void> }) {
  const t = useTranslations("watch");
  const [busy, setBusy] = useState(false);
  const count = members.filter((m) => m.watching).length;
  if (watching)
    return (
      <div className="card flex flex-col gap-2 border-accent" data-testid="watching-banner">
        <p className="font-semibold" role="status">
          {t("banner")}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted" data-testid="watching-count">
            {t("count", { count })}
          </p>
          {onLeave && (
            <button
              type="button"
              className="btn btn-sm"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await onLeave();
                } finally {
                  setBusy(false);
                }
              }}
              data-testid="stop-watching"
            >
              {t("leave")}
            </button>
          )}
        </div>
      </div>
    );
  if (count === 0) return null;
  return (
    <p className="text-sm text-muted" data-testid="watching-count">
      {t("count", { count })}
    </p>
  );
}
