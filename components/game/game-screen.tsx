"use client";
import { useMemo, useState } from "react";
import { tieGoesToRevote } from "@/lib/client/werewolf/day-log";
import { useCountdown, useDeadlineTick } from "@/lib/client/use-countdown";
import type { WerewolfView } from "@/lib/game/werewolf/types";
import type { GameScreenProps } from "../modes";
import { ActionPanel } from "./action-panel";
import { ChatPanel } from "./chat-panel";
import { EndGameCard } from "./end-game-card";
import { GameContext, type GameCtx } from "./game-context";
import { GuardNote } from "./guard-note";
import { Moments } from "./moments";
import { PhaseBanner } from "./phase-banner";
import { actionSender, playerLookup } from "./player-info";
import { PhoneBar } from "./phone-bar";
import { PlayerGrid } from "./player-grid";
import { Results } from "./results";
import { RoleCard } from "./role-card";
import { SeerHistory } from "./seer-history";
import { useResultsAtTop } from "./use-results-at-top";
import { VoteTally } from "./vote-tally";
import { WitchInfo } from "./witch-info";
import { WatchingNote } from "./watching-note";
import { WolfPicks } from "./wolf-picks";
import { useTranslations } from "next-intl";

export function GameScreen({
  gameId,
  view,
  members,
  clock,
  refresh,
  isHost,
  onPlayAgain,
  onStopWatching,
  onEndGame,
}: GameScreenProps & { view: WerewolfView }) {
  const tg = useTranslations("game");
  const [roleShown, setRoleShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const left = useCountdown(view.deadline, clock);
  useDeadlineTick(gameId, view.deadline, left, view.ended, refresh);
  useResultsAtTop(view.ended);

  const ctx = useMemo<GameCtx>(
    () => ({ view, gameId, me: view.me, isHost, player: playerLookup(members), act: actionSender(gameId, refresh) }),
    [view, gameId, members, refresh, isHost],
  );

  const latestTally = view.tallies.length ? view.tallies[view.tallies.length - 1] : null;
  const showTally = latestTally && !view.ended && latestTally.day >= view.day - 1;
  // A dying Hunter or Sheriff still has a last act: the notice waits until it is done.
  // A member without a seat is a spectator: no role, no actions, no chat (docs/security.md).
  const watching = !view.players.includes(view.me);
  const dead = view.alive[view.me] === false && !view.ended && !view.legal.some((a) => a.type !== "chat");

  return (
    <GameContext.Provider value={ctx}>
      <Moments key={gameId} />
      <PhaseBanner left={view.ended ? null : left} />
      <main id="main" className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-4 px-4 pt-4 pb-24 lg:grid-cols-2 lg:pb-4">
        {view.ended && (
          <div className="lg:col-span-2">
            <Results
              isHost={isHost}
              busy={busy}
              onPlayAgain={async () => {
                setBusy(true);
                try {
                  await onPlayAgain();
                } finally {
                  setBusy(false);
                }
              }}
            />
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-4">
          {dead && (
            <p className="card border-danger text-danger" data-testid="you-are-dead">
              {tg("youAreDead")}
            </p>
          )}
          {watching && <WatchingNote watching members={members} onLeave={onStopWatching} />}
          {!view.ended && !watching && <RoleCard shown={roleShown} onToggle={() => setRoleShown((s) => !s)} />}
          {!view.ended && !watching && (
            <>
              {/* What this player knows for the step comes before the choices it informs. */}
              <WitchInfo />
              <WolfPicks />
              <GuardNote />
              {/* Remounted per phase: a half-made choice never carries into the next step. */}
              <ActionPanel key={`${view.phase}:${view.day}`} />
            </>
          )}
          {!watching && <WatchingNote watching={false} members={members} />}
          <PlayerGrid privateShown={roleShown} />
          {!view.ended && <SeerHistory />}
          {!view.ended && isHost && <EndGameCard onEnd={onEndGame} />}
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          {showTally && (
            <section className="card">
              <VoteTally tally={latestTally} goesToRevote={tieGoesToRevote(view.tallies, view.tallies.length - 1, view.candidates !== null)} />
            </section>
          )}
          <ChatPanel />
        </div>
      </main>
      {/* Phones: one tap to the role, the players or the chat, from anywhere on the page. */}
      <PhoneBar />
    </GameContext.Provider>
  );
}
