"use client";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import { AttendanceBadge, BotBadge } from "@/components/ui/member-badges";
import { useGameCtx } from "./game-context";
import { useRoleText } from "./labels";

/** The section's id: the phone bar's Players button scrolls to it. */
export const PLAYERS_SECTION_ID = "game-players";

/**
 * Every seat: avatar, name, dead mark, Sheriff badge, and a role only where this player may know
 * it (the view's `roles`). Roles that are this player's own secret (own, fellow wolves) show only
 * while the role card is revealed; public ones (classic reveals, the end) always.
 */
export function PlayerGrid({ privateShown }: { privateShown: boolean }) {
  const { view, me, player, isHost } = useGameCtx();
  const t = useTranslations("game");
  const { role: roleName } = useRoleText();
  const t2 = useTranslations("actions2");
  // S-VOTE-6: who has voted in the open vote (never for whom).
  const voting = view.phase === "vote" || view.phase === "sheriff.election";
  const secret = (id: string) => !view.ended && (id === me || view.wolves.includes(id)) && !view.deaths.some((d) => d.roles?.[id]);
  return (
    <section id={PLAYERS_SECTION_ID} aria-labelledby="players-title">
      <h2 id="players-title" className="sr-only">
        {t("players")}
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-3" data-testid="player-grid">
        {view.players.map((id) => {
          const p = player(id);
          const alive = view.alive[id] !== false;
          const role = view.roles[id];
          const showRole = role && (privateShown || !secret(id));
          return (
            <li
              key={id}
              className={`relative flex min-w-0 flex-col items-center gap-1 rounded-xl border p-2 text-center ${alive ? "border-line bg-surface" : "border-transparent bg-surface-2"} ${id === me ? "ring-2 ring-accent" : ""}`}
              data-testid="tile"
              data-player={id}
              data-me={id === me ? "true" : undefined}
              data-alive={alive}
              data-bot={p.isBot ? "true" : undefined}
              data-role={showRole ? role : undefined}
              data-voted={voting && view.voters.includes(id) ? "true" : undefined}
            >
              <Avatar appearance={p.appearance} seed={id} size={44} dead={!alive} />
              <span className={`w-full text-sm leading-tight font-semibold wrap-anywhere ${alive ? "" : "line-through"}`}>{p.name}</span>
              <span className="text-xs text-muted">
                {id === me ? t("you") : ""}
                {!alive && <span className="font-semibold text-danger"> {t("dead")}</span>}
              </span>
              {voting && view.voters.includes(id) && (
                <span className="inline-flex items-center gap-0.5 rounded-full bg-accent px-1.5 text-[0.7rem] leading-4 font-semibold text-on-accent" data-testid="voted-mark">
                  <span aria-hidden="true">✓</span>
                  {t2("voted")}
                </span>
              )}
              {(p.isBot || (isHost && id !== me && alive && !view.ended && (p.absent || p.offline))) && (
                <span className="flex flex-wrap justify-center gap-1">
                  {p.isBot && <BotBadge />}
                  {isHost && id !== me && alive && !view.ended && (
                    <AttendanceBadge name={p.name} absent={p.absent} missedTurns={p.missedTurns} offline={p.offline} />
                  )}
                </span>
              )}
              {showRole && <span className={`text-xs font-semibold ${role === "wolf" ? "text-wolf" : "text-village"}`}>{roleName(role)}</span>}
              {view.sheriff === id && (
                <span className="absolute top-1 right-1" title={t("sheriff")}>
                  <svg width="18" height="18" viewBox="0 0 24 24" role="img" aria-label={t("sheriff")}>
                    <path d="M12 2l2.5 6.5H21l-5.2 4 2 6.5L12 15l-5.8 4 2-6.5L3 8.5h6.5z" fill="var(--accent)" />
                  </svg>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
