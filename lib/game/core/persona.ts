// A bot's persona number: a stable hash of its player id, the same in the server (a room's bots,
// lib/server/bots/identity.ts) and in the engine's own tools, so a mode's brain draws one talk
// style per bot for its whole life with no column to store.

/** FNV-1a: a stable 32-bit hash of some strings (mixing, not secrecy). */
export function seedFor(...parts: string[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join("|")) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The persona number of the bot playing as `id`. */
export const personaOf = (id: string): number => seedFor("style", id);
