"use client";
import type { MouseEvent } from "react";
import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/member-badges";
import type { PlayerInfo } from "./game-context";

export interface SeatPickerProps {
  ids: string[];
  isOn: (id: string) => boolean;
  disabled?: boolean;
  onPick: (id: string, e: MouseEvent) => void;
  testId: string;
  extra?: (id: string) => string | null;
  player: (id: string) => PlayerInfo;
}

/** Seats to choose from (a target, a member, a vote), with a mark on what is already chosen. */
export function SeatPicker({ ids, isOn, disabled, onPick, testId, extra, player }: SeatPickerProps) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {ids.map((id) => {
        const p = player(id);
        const on = isOn(id);
        const note = extra?.(id);
        return (
          <li key={id}>
            <button
              type="button"
              className={`btn h-full w-full flex-wrap justify-start text-left ${on ? "btn-primary" : ""}`}
              aria-pressed={on}
              disabled={disabled}
              onClick={(e) => onPick(id, e)}
              data-testid={testId}
              data-target={id}
            >
              <Avatar appearance={p.appearance} seed={id} size={28} />
              {/* The name takes the row; a Bot badge that does not fit beside it goes under it (a short name is never split). */}
              <span className="flex min-w-16 flex-1 flex-wrap items-center gap-x-1.5 gap-y-0.5">
                <span className="leading-tight wrap-anywhere">{p.name}</span>
                {p.isBot && <BotBadge />}
              </span>
              {note && <span className="w-full text-xs font-semibold">{note}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
