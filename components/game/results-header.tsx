"use client";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/member-badges";
import { useBusy } from "@/lib/client/use-busy";
import type { PlayerInfo } from "./game-context";
import { ErrorNote } from "@/components/ui/error-note";

/**
 * The top of any mode's results: who won (or "ended by the host"), why, and the host's Play again
 * (none on a past game's page: no `onPlayAgain`). `winnerText`/`reasonText` are the mode's words;
 * `extra` sits under the reason (a score).
 */
export function ResultsHeader({
  winner,
  winnerText,
  winnerClass = "text-accent",
  reason,
  reasonText,
  extra,
  isHost = false,
  onPlayAgain,
}: {
  winner: string;
  winnerText: string;
  winnerClass?: string;
  reason: string | null;
  reasonText: string | null;
  extra?: React.ReactNode;
  isHost?: boolean;
  onPlayAgain?: () => Promise<void>;
}) {
  const tr = useTranslations("results");
  const th = useTranslations("host");
  const { busy, error, run } = useBusy();
  const byHost = reason === "host";
  return (
    <div className="card flex flex-col items-center gap-2 text-center">
      <h2 id="results-title" className="text-sm font-semibold tracking-widest text-muted uppercase">
        {tr("title")}
      </h2>
      <p className={`text-3xl font-extrabold ${byHost ? "text-accent" : winnerClass}`} data-testid="winner" data-winner={winner}>
        {byHost ? th("endedByHost") : winnerText}
      </p>
      {reason && !byHost && reasonText && (
        <p className="text-muted" data-testid="end-reason" data-reason={reason}>
          {reasonText}
        </p>
      )}
      {extra}
      {onPlayAgain &&
        (isHost ? (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => run(onPlayAgain)} data-testid="play-again">
            {tr("playAgain")}
          </button>
        ) : (
          <p className="text-sm text-muted">{tr("waitingHost")}</p>
        ))}
      <ErrorNote error={error} />
    </div>
  );
}

/**
 * Every seat's role on any mode's results: one row a player, `row` gives its role (data-role),
 * the role's words and colour, and the notes after it (side, fate).
 */
export function RolesList({ ids, player, row }: { ids: string[]; player: (id: string) => PlayerInfo; row: (id: string) => { role: string; text: string; tone: string; notes: string[]; dead: boolean } }) {
  return (
    <div className="card">
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="roles-list">
        {ids.map((id) => {
          const p = player(id);
          const r = row(id);
          return (
            <li key={id} className="flex min-w-0 items-center gap-2" data-testid="result-row" data-player={id} data-role={r.role}>
              <Avatar appearance={p.appearance} seed={id} size={32} dead={r.dead} />
              <span className="min-w-0 flex-1 leading-tight wrap-anywhere">
                <span className="font-semibold">{p.name}</span> {p.isBot && <BotBadge />}
                <br />
                <span className={`text-sm font-semibold ${r.tone}`}>{r.text}</span>
                {r.notes.map((n) => (
                  <span key={n} className="text-sm text-muted">
                    {" "}
                    · {n}
                  </span>
                ))}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
