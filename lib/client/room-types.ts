// Shapes of the room endpoints (docs/api.md, "Rooms").
import type { RoomPreview, RoomSnapshot as MemberSnapshot } from "../server/rooms/snapshot";

export type { RoomPreview };

export type RoomSettings = MemberSnapshot["room"]["settings"];

export interface RoomMember {
  userId: string;
  displayName: string;
  appearance: string | null;
  ready: boolean;
  isBot: boolean;
  isHost: boolean;
  joinedAt?: string | number;
  /** Attendance (docs/robustness.md), when the server provides it: live realtime stream on the room. */
  connected?: boolean | null;
  /** Public turns missed in a row in the running game. */
  missedTurns?: number;
  /** A living player who missed several public turns in a row; information only, nothing waits. */
  absent?: boolean;
  /** A member without a seat in the room's game: a spectator. */
  watching?: boolean;
}

/** A player the host removed (the host's list only, docs/api.md "Kicks that hold"). */
export type RemovedPlayer = MemberSnapshot["removed"][number];

export interface RoomSnapshot {
  /** As the server builds it (a type-only import: nothing of the server reaches the browser). */
  room: MemberSnapshot["room"] & { removed?: true };
  members: RoomMember[];
  /** The host's "Removed players"; empty or absent for everyone else. */
  removed?: RemovedPlayer[];
  me: { userId: string; isMember: true };
}

/** What `GET /api/rooms/:code` answers: the member's snapshot, or the invite preview. */
export type RoomRead = RoomSnapshot | RoomPreview;

/** W-ROOM-1: at most 18 members (docs/api.md `ROOM_FULL`). */
export const MAX_MEMBERS = 18;

/** Codes use this alphabet (no look-alikes, W-ROOM-1). */
export const ROOM_CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;
export const normalizeCode = (s: string) => s.trim().toUpperCase();
