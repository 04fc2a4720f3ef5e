"use client";
import { useState } from "react";
import { cueOf, isWolfSide, stepOf } from "@/lib/client/card-werewolf/choices";
import type { CardWerewolfView } from "@/lib/game/card-werewolf/types";
import { EndGameCard } from "../game/end-game-card";
import { ModeMain } from "../game/mode-main";
import { useModeScreen } from "../game/use-mode-screen";
import { WatchingNote } from "../game/watching-note";
import type { GameScreenProps } from "../modes";
import { CwBanner } from "./banner";
import { CwChat } from "./chat";
import { CwContext } from "./context";
import { CwResults } from "./results";
import { CwRoleCard } from "./role-card";
import { SecretsProvider } from "./secrets";
import { CwStep, usePlayChoice } from "./step";
import { CwTable } from "./table";

/** The step and the table share one choice: a card chosen in the hand is played on a tile or from the list. */
function CwBoard({ step, roleShown, ended, children, after }: { step: string; roleShown: boolean; ended: boolean; children: React.ReactNode; after: React.ReactNode }) {
  const choice = usePlayChoice(step);
  const targets = choice.chosen?.targets ?? [];
  return (
    <>
      <div className="flex min-w-0 flex-col gap-4">
        {/* The hand and the turn first: on a phone they are what the player looks for. */}
        {/* Remounted per step (its drag and its hand as it was before a card was lifted). */}
        {!ended && <CwStep key={step} choice={choice} />}
        {children}
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <CwTable wolvesShown={roleShown} targets={targets} onTarget={choice.chosen ? (id) => choice.askPlay(choice.chosen!.card, id) : undefined} />
        {after}
      </div>
    </>
  );
}

/**
 * The card game's screen: the banner (step, timer, deck, discard pile) on top, then the role card,
 * the step with the hand, and the table of players with their cards and Votes.
 */
export function CwGameScreen(props: GameScreenProps & { view: CardWerewolfView }) {
  const { view, members, isHost, onPlayAgain, onStopWatching, onEndGame } = props;
  const [roleShown, setRoleShown] = useState(false);
  const { left, ctx, ended, watching } = useModeScreen(props, cueOf(view), stepOf(view) !== null);
  return (
    <CwContext.Provider value={ctx}>
      <CwBanner left={left} />
      <ModeMain testId="cw-screen" mode="card-werewolf" results={ended && <CwResults isHost={isHost} onPlayAgain={onPlayAgain} />}>
        <SecretsProvider key={props.gameId}>
          <CwBoard step={`${view.phase}:${view.day}:${view.turn ?? ""}:${view.seer ?? ""}`} roleShown={(roleShown && isWolfSide(view.role)) || ended} ended={ended} after={!ended && isHost && <EndGameCard onEnd={onEndGame} />}>
            {watching && <WatchingNote watching members={members} onLeave={onStopWatching} />}
            {!ended && !watching && <CwRoleCard shown={roleShown} onToggle={() => setRoleShown((s) => !s)} />}
            {!watching && <WatchingNote watching={false} members={members} />}
            <CwChat />
          </CwBoard>
        </SecretsProvider>
      </ModeMain>
    </CwContext.Provider>
  );
}
