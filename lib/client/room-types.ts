// Shapes of the room endpoints (docs/api.md, "Rooms"), exactly as the server builds them: a
// type-only import, so nothing of the server reaches the browser.
import type { RoomPreview, RoomSnapshot } from "../server/rooms/snapshot";

export type { RoomPreview, RoomSnapshot };

export type RoomSettings = RoomSnapshot["room"]["settings"];

export type RoomMember = RoomSnapshot["members"][number];

/** A player the host removed (the host's list only, docs/api.md "Kicks that hold"). */
export type RemovedPlayer = RoomSnapshot["removed"][number];

/** What `GET /api/rooms/:code` answers: the member's snapshot, or the invite preview. */
export type RoomRead = RoomSnapshot | RoomPreview;

/** W-ROOM-1: at most 18 members (docs/api.md `ROOM_FULL`; the server's is lib/server/rooms/membership.ts). */
export const MAX_MEMBERS = 18;

/** Codes use this alphabet (no look-alikes, W-ROOM-1). */
export const ROOM_CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;
export const normalizeCode = (s: string) => s.trim().toUpperCase();
