// Topic names shared by the server (SSE hub, `realtime.send` callers) and the browser client.
// The same strings are what RLS on `realtime.messages` authorizes through `realtime.topic()`.
// There is no team topic: a team's events are signalled on each living member's user topic
// (lib/server/games/persist.ts), decided by the server at send time (S-CHAT-3, design §4).

export const roomTopic = (roomId: string) => `room:${roomId}`;
export const userTopic = (userId: string) => `user:${userId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
