"use client";
import { useEffect, useRef, type MouseEvent, type PointerEvent } from "react";

/** Movement before a press on a card becomes a drag (below it, a tap). */
const START_PX = 8;
/** Near the top or bottom of the screen a drag scrolls the page (a phone's table is below the hand). */
const EDGE_PX = 72;
const SCROLL_PX = 14;
/**
 * Where a dragged card can land: a tile marked by the table as a legal target, or a button of the
 * target list under the hand. Both exist only for the chosen card's legal targets.
 */
const DROP = '[data-drop], [data-testid="targets"] [data-target]';

interface Drag {
  card: number;
  pointer: number;
  el: HTMLElement;
  x0: number;
  y0: number;
  sx0: number;
  sy0: number;
  x: number;
  y: number;
  moving: boolean;
  over: HTMLElement | null;
  frame: number;
}

/** The legal drop spot under a point and the player it stands for, skipping the dragged card. */
function spotAt(x: number, y: number, card: HTMLElement): HTMLElement | null {
  for (const el of document.elementsFromPoint(x, y)) {
    if (card.contains(el)) continue;
    return el.closest<HTMLElement>(DROP);
  }
  return null;
}

const playerOf = (spot: HTMLElement) => spot.dataset.drop ?? spot.dataset.target ?? null;

export interface CardDragHandlers {
  /** The card was lifted: choose it, so its legal targets show (tiles and list). */
  onStart: (card: number) => void;
  /** Dropped on a legal target: ask, as a tap on that target would (the confirmation still comes). */
  onDrop: (card: number, target: string) => void;
  /** Dropped anywhere else, or the browser took the gesture: nothing happens. */
  onAbort: () => void;
}

/**
 * Dragging a hand card onto a player, by pointer events (a finger on a phone, a mouse): the card
 * follows the pointer, the legal spot under it is marked (data-drop-over), the page scrolls near
 * the screen's edges. A press that does not move stays a tap (the card's click).
 */
export function useCardDrag(h: CardDragHandlers) {
  const drag = useRef<Drag | null>(null);
  // A drag ends with a click on the card in some browsers: that click is not a tap.
  const eatClick = useRef(false);

  const place = (d: Drag) => {
    d.el.style.transform = `translate(${d.x - d.x0 + scrollX - d.sx0}px, ${d.y - d.y0 + scrollY - d.sy0}px)`;
    const spot = spotAt(d.x, d.y, d.el);
    if (spot === d.over) return;
    d.over?.removeAttribute("data-drop-over");
    spot?.setAttribute("data-drop-over", "true");
    d.over = spot;
  };
  const edgeScroll = (d: Drag) => {
    const dy = d.y > innerHeight - EDGE_PX ? SCROLL_PX : d.y < EDGE_PX ? -SCROLL_PX : 0;
    if (dy !== 0) {
      scrollBy(0, dy);
      place(d);
    }
    d.frame = requestAnimationFrame(() => edgeScroll(d));
  };
  const end = (): Drag | null => {
    const d = drag.current;
    drag.current = null;
    if (!d) return null;
    cancelAnimationFrame(d.frame);
    d.el.style.transform = "";
    d.el.removeAttribute("data-dragging");
    d.over?.removeAttribute("data-drop-over");
    return d.moving ? d : null;
  };
  // The board is remounted per step: a drag cut short by a new step stops scrolling.
  useEffect(
    () => () => {
      if (drag.current) cancelAnimationFrame(drag.current.frame);
    },
    [],
  );

  return (card: number) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      eatClick.current = false;
      if (e.button !== 0 || drag.current) return;
      drag.current = { card, pointer: e.pointerId, el: e.currentTarget, x0: e.clientX, y0: e.clientY, sx0: scrollX, sy0: scrollY, x: e.clientX, y: e.clientY, moving: false, over: null, frame: 0 };
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.pointer !== e.pointerId) return;
      [d.x, d.y] = [e.clientX, e.clientY];
      if (!d.moving) {
        if (Math.hypot(d.x - d.x0, d.y - d.y0) < START_PX) return;
        d.moving = true;
        d.el.setPointerCapture(e.pointerId);
        d.el.setAttribute("data-dragging", "true");
        h.onStart(d.card);
        d.frame = requestAnimationFrame(() => edgeScroll(d));
      }
      place(d);
    },
    onPointerUp: (e: PointerEvent<HTMLElement>) => {
      if (drag.current?.pointer !== e.pointerId) return;
      const d = end();
      if (!d) return;
      eatClick.current = true;
      const target = d.over && playerOf(d.over);
      if (target) h.onDrop(d.card, target);
      else h.onAbort();
    },
    onPointerCancel: () => {
      if (end()) h.onAbort();
    },
    onClickCapture: (e: MouseEvent) => {
      if (!eatClick.current) return;
      eatClick.current = false;
      e.preventDefault();
      e.stopPropagation();
    },
  });
}
