// Topic names shared by the server (SSE hub, `realtime.send` callers) and the browser client.
// The same strings are what RLS on `realtime.messages` authorizes through `realtime.topic()`.

export const roomTopic = (roomId: string) => `room:${roomId}`;
export const teamTopic = (roomId: string, team: string) => `room:${roomId}:team:${team}`;
export const userTopic = (userId: string) => `user:${userId}`;

/** Team topics of a room share this prefix; used to spot them among a connection's topics. */
export const teamTopicPrefix = (roomId: string) => `room:${roomId}:team:`;

/**
 * Teams that have team-audience events in the modes we ship (werewolf: `WOLVES` in
 * lib/game/werewolf/events.ts); a mode adding a team audience adds its name here. The browser
 * (Supabase mode) cannot cheaply learn its own teams before joining, so it tries these and RLS
 * refuses the rest; the embedded server also tries the caller's own `game_roles.teams`.
 */
export const KNOWN_TEAMS: readonly string[] = ["wolves"];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

/** Team names are identifiers chosen by the engine; anything else never becomes a topic. */
const TEAM = /^[a-z][a-z0-9_-]{0,31}$/;
export const isTeamName = (s: string) => TEAM.test(s);
