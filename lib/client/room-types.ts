// Shapes of the room endpoints (docs/api.md, "Rooms").

export interface RoomSettings {
  mode: string;
  ruleset: "standard" | "classic";
  dayLength: number;
  classic: { roles: string[]; sheriff: boolean; tieRevote: boolean; endAtParity: boolean };
}

export interface RoomMember {
  userId: string;
  displayName: string;
  appearance: string | null;
  ready: boolean;
  isBot: boolean;
  isHost: boolean;
  joinedAt?: string | number;
}

export interface RoomSnapshot {
  room: {
    id: string;
    code: string;
    invitePath: string;
    hostId: string;
    status: "lobby" | "playing";
    settings: RoomSettings;
    gameId: string | null;
    gameEnded: boolean;
  };
  members: RoomMember[];
  me: { userId: string; isMember: boolean };
}

/** Codes use this alphabet (no look-alikes, W-ROOM-1). */
export const ROOM_CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;
export const normalizeCode = (s: string) => s.trim().toUpperCase();
