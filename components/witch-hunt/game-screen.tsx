"use client";
import { useState } from "react";
import { cueOf, hasTurn } from "@/lib/client/witch-hunt/choices";
import type { WitchHuntView } from "@/lib/game/witch-hunt/types";
import { EndGameCard } from "../game/end-game-card";
import { ModeMain } from "../game/mode-main";
import { useModeScreen } from "../game/use-mode-screen";
import { WatchingNote } from "../game/watching-note";
import type { GameScreenProps } from "../modes";
import { WhAbsentCard } from "./absent-card";
import { WhBanner } from "./banner";
import { WhChat } from "./chat";
import { WhContext } from "./context";
import { WhNews } from "./news";
import { WhResults } from "./results";
import { WhRoleCard } from "./role-card";
import { WhSeats } from "./seats";
import { WhStep } from "./step";

/**
 * Catch the Witch's game screen: the banner (step, timer, Curse bar, seals, spells) always on top,
 * then the role card, what the step tells this seat, its choices, the news, and every seat.
 */
export function WhGameScreen(props: GameScreenProps & { view: WitchHuntView }) {
  const { view, members, isHost, onPlayAgain, onStopWatching, onEndGame } = props;
  const [roleShown, setRoleShown] = useState(false);
  const { left, ctx, ended, watching } = useModeScreen(props, cueOf(view), hasTurn(view));
  return (
    <WhContext.Provider value={ctx}>
      <WhBanner left={left} />
      <ModeMain testId="wh-screen" mode="witch-hunt" results={ended && <WhResults isHost={isHost} onPlayAgain={onPlayAgain} />}>
        <div className="flex min-w-0 flex-col gap-4">
          {watching && <WatchingNote watching members={members} onLeave={onStopWatching} />}
          {!ended && !watching && <WhRoleCard shown={roleShown} onToggle={() => setRoleShown((s) => !s)} />}
          {/* Remounted per step: a half-made choice never carries into the next one. */}
          {!ended && !watching && <WhStep key={`${view.phase}:${view.day}:${view.chief ?? ""}`} />}
          {!ended && isHost && <WhAbsentCard key={`absent:${view.phase}:${view.day}:${view.chief ?? ""}`} />}
          {!watching && <WatchingNote watching={false} members={members} />}
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <WhNews />
          <WhChat />
          <WhSeats witchesShown={roleShown || ended} />
          {!ended && isHost && <EndGameCard onEnd={onEndGame} />}
        </div>
      </ModeMain>
    </WhContext.Provider>
  );
}
