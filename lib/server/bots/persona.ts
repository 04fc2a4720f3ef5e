// A new bot's name and look (issue 22 item 4): varied, stable, the same for everyone. Both are
// chosen once, when the host seats the bot, and stored on its member row like a person's.
//
// [decision] Names are given names from the list of the language the host plays in when seating
// the bot (bot-names.ts): Vietnamese given names in Vietnamese — short, everyday,
// both men's and women's, as among a group of friends (the game's main audience) — and everyday
// given names in English and Chinese. Stored, so a reader in another language sees the same name;
// marked a bot everywhere by its badge and robot avatar, not by its name. "Bot N" only when every
// name of the list is taken in the room (or looks like one taken: `namesClash`).
import { nextInt, seedRng } from "../../game/core/rng";
import { namesClash } from "../../auth/name-skeleton";
import { botAppearance, BOT_VARIANTS } from "../../bot-appearance";
import type { Locale } from "../../i18n/config";
import type { MemberRow } from "../rooms/rows";
import { BOT_NAMES } from "./bot-names";
import { seedFor } from "../../game/core/persona";

const FALLBACK_PREFIX = "Bot";

/** The list's entries in an order of the room's own (each room its own faces and names). */
function roomOrder<T>(list: readonly T[], roomId: string, salt: string): T[] {
  const out = [...list];
  const rng = seedRng(seedFor(salt, roomId));
  for (let i = out.length - 1; i > 0; i--) {
    const j = nextInt(rng, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** "Bot 1", "Bot 2", ...: the first number not taken (case-insensitively or by look) in the room. */
export function fallbackBotName(members: readonly MemberRow[]): string {
  for (let n = 1; ; n++) {
    const name = `${FALLBACK_PREFIX} ${n}`;
    if (!members.some((m) => namesClash(m.display_name, name))) return name;
  }
}

export const botNames = (locale: Locale): readonly string[] => BOT_NAMES[locale];

/** The first name of the room's order of the list that nobody in the room has (or resembles). */
export function nextBotName(members: readonly MemberRow[], roomId: string, locale: Locale): string {
  const free = roomOrder(botNames(locale), roomId, "names").find((name) => !members.some((m) => namesClash(m.display_name, name)));
  return free ?? fallbackBotName(members);
}

/** The least-worn bot look in the room, first in the room's own order among equals. */
export function nextBotAppearance(members: readonly MemberRow[], roomId: string): string {
  const worn = new Map<string, number>();
  for (const m of members) worn.set(m.appearance, (worn.get(m.appearance) ?? 0) + 1);
  const looks = roomOrder(
    Array.from({ length: BOT_VARIANTS }, (_, i) => botAppearance(i)),
    roomId,
    "looks",
  );
  let best = looks[0];
  for (const look of looks) if ((worn.get(look) ?? 0) < (worn.get(best) ?? 0)) best = look;
  return best;
}
