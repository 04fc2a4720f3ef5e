// What a link preview of `/r/CODE` may show (Messenger, Zalo…): the room code and its host's
// display name — public lobby facts, never the game's state or the other members.
import type { Db } from "../../db/types";
import { normalizeCode } from "./code";

export interface InviteCard {
  code: string;
  hostName: string;
}

/** The card of the room `rawCode`, or null when no such room exists. */
export async function inviteCard(db: Db, rawCode: string): Promise<InviteCard | null> {
  const code = normalizeCode(rawCode);
  if (!code) return null;
  // Owner read by code, like the invite preview (migration 0002): the code is the invitation.
  const [row] = await db.tx((tx) =>
    tx.query<{ display_name: string }>(
      "select m.display_name from rooms r join room_members m on m.room_id = r.id and m.user_id = r.host_id where r.code = $1",
      [code],
    ),
  );
  return row ? { code, hostName: row.display_name } : null;
}
