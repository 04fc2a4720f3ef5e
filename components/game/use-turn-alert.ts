"use client";
import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { cueKey, hasTurn } from "@/lib/client/werewolf/moments";
import { useGameCtx } from "./game-context";
import { arm, buzz, chime } from "./turn-alert";

/**
 * "Your turn, even when you look away": a chime and a buzz when a step begins (cueKey says which
 * steps, so nobody's phone gives their role away), and the tab title "(!) Ma Sói — your turn"
 * while the tab is hidden and the player has something to do. The title comes back afterwards.
 */
export function useTurnAlert(): void {
  const { view } = useGameCtx();
  useTurnCue(cueKey(view), hasTurn(view));
}

/** The alert for any mode: `cue` names the step that is news (null: none), `turn` says one waits. */
export function useTurnCue(cue: string | null, turn: boolean): void {
  const t = useTranslations("moments");
  const alertTitle = t("turnTitle");
  // The step on screen when the page opened is not news: only later steps are cued.
  const lastCue = useRef(cue);

  useEffect(() => {
    // A tap in the lobby (Ready, Start) already counts: the browser remembers it for the page.
    if (navigator.userActivation?.hasBeenActive) arm();
    const onFirst = () => arm();
    window.addEventListener("pointerdown", onFirst, { once: true, capture: true });
    window.addEventListener("keydown", onFirst, { once: true, capture: true });
    return () => {
      window.removeEventListener("pointerdown", onFirst, { capture: true });
      window.removeEventListener("keydown", onFirst, { capture: true });
    };
  }, []);

  useEffect(() => {
    if (cue === null || cue === lastCue.current) return;
    lastCue.current = cue;
    chime();
    buzz();
  }, [cue]);

  useEffect(() => {
    if (!turn) return;
    let saved: string | null = null;
    const sync = () => {
      if (document.visibilityState === "hidden") {
        if (saved === null) saved = document.title;
        document.title = alertTitle;
      } else if (saved !== null) {
        document.title = saved;
        saved = null;
      }
    };
    sync();
    document.addEventListener("visibilitychange", sync);
    return () => {
      document.removeEventListener("visibilitychange", sync);
      if (saved !== null) document.title = saved;
    };
  }, [turn, alertTitle]);
}
