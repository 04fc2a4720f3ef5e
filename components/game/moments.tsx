"use client";
import { useState } from "react";
import { recall, remember } from "./device-memory";
import { useGameCtx } from "./game-context";
import { PhaseTransition } from "./phase-transition";
import { RoleReveal } from "./role-reveal";
import { useTurnAlert } from "./use-turn-alert";

/**
 * The moments that make the game feel like one: the role reveal (once per game on this device),
 * night falls / day breaks, and the turn alert. Client-only: nothing is asked of the server.
 */
export function Moments() {
  const { view, gameId } = useGameCtx();
  useTurnAlert();
  const key = `reveal:${gameId}`;
  const [revealed, setRevealed] = useState(() => recall(key) === "1");
  const revealing = !revealed && !view.ended && view.myRole !== null;
  return (
    <>
      {revealing && (
        <RoleReveal
          onDone={() => {
            remember(key, "1");
            setRevealed(true);
          }}
        />
      )}
      <PhaseTransition paused={revealing} />
    </>
  );
}
