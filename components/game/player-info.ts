// Who is who on a game screen, and how a screen sends one action: the same for every mode.
import { api } from "@/lib/client/api";
import type { RoomMember } from "@/lib/client/room-types";
import type { PlayerInfo } from "./game-context";

/** A seat's name, look and attendance from the room's members ("?" for someone no longer there). */
export function playerLookup(members: RoomMember[]): (id: string) => PlayerInfo {
  const byId = new Map(members.map((m) => [m.userId, m]));
  return (id) => {
    const m = byId.get(id);
    return {
      name: m?.displayName ?? "?",
      appearance: m?.appearance ?? null,
      seed: id,
      isBot: m?.isBot ?? false,
      absent: m?.absent === true,
      missedTurns: m?.missedTurns ?? 0,
      offline: m !== undefined && !m.isBot && m.connected === false,
    };
  };
}

/** Sends one action with its idempotency key, then refreshes the view whatever the answer. */
export const actionSender =
  (gameId: string, refresh: () => void) =>
  async (action: Record<string, unknown> & { type: string }, key: string): Promise<void> => {
    try {
      await api(`/api/games/${gameId}/actions`, "POST", { action, idempotencyKey: key });
    } finally {
      refresh();
    }
  };
