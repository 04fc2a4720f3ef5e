// Topic names shared by the server (SSE hub, `realtime.send` callers) and the browser client.
// The same strings are what RLS on `realtime.messages` authorizes through `realtime.topic()`.
// There is no team topic: a team's events are signalled on each living member's user topic
// (lib/server/games/persist.ts), decided by the server at send time (S-CHAT-3, design §4).

/**
 * The room topic at `epoch` (migration 0025_room_topic_epoch): the epoch moves on every removal of
 * a member, so a removed member's channel on the old name hears nothing more. The server signals
 * `roomTopic(roomId)` and the database sends it to the current epoch's name (`app.signal_topic`).
 */
export const roomTopic = (roomId: string, epoch = 0) => (epoch === 0 ? `room:${roomId}` : `room:${roomId}:${epoch}`);
export const userTopic = (userId: string) => `user:${userId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

const ROOM_TOPIC = /^room:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?::[1-9][0-9]{0,8})?$/;

/** The room of a room topic at any epoch; null for any other topic. */
export const roomOfTopic = (topic: string): string | null => ROOM_TOPIC.exec(topic)?.[1] ?? null;
