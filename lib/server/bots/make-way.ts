// A person's name wins over a bot's (issue 22 item 4): bots now carry everyday given names, so a
// friend called Minh must not be refused a room because a bot was named Minh. In the lobby, a bot
// whose name is (or looks like) the person's takes the next free name of its list instead.
// Outside the lobby a bot keeps its name (it is on the table's seats) and the person is refused.
import type { Tx } from "../../db/types";
import { namesClash } from "../../auth/name-skeleton";
import { locales } from "../../i18n/config";
import type { MemberRow, RoomRow } from "../rooms/rows";
import { botNames, nextBotName } from "./persona";

/** Renames clashing bots under the room lock (`mutateRoom`); returns the members as they are after. */
export async function botsMakeWay(tx: Tx, room: RoomRow, members: MemberRow[], name: string): Promise<MemberRow[]> {
  if (room.status !== "lobby") return members;
  const out = [...members];
  for (const [i, bot] of out.entries()) {
    if (!bot.is_bot || !namesClash(bot.display_name, name)) continue;
    const locale = locales.find((l) => botNames(l).includes(bot.display_name));
    // Free among the others and the person's name; the bot's own row is left out.
    const taken = [...out.filter((m) => m.user_id !== bot.user_id), { ...bot, display_name: name }];
    const renamed = nextBotName(taken, room.id, locale ?? "vi");
    await tx.query("update room_members set display_name = $3 where room_id = $1 and user_id = $2", [room.id, bot.user_id, renamed]);
    out[i] = { ...bot, display_name: renamed };
  }
  return out;
}
