// The host seats bots in empty lobby seats and removes them again (issue 5, "Bots in rooms").
// Same lobby transaction as every other room mutation (`mutateRoom`): room lock, host + lobby
// checks, room version bump and the `room` signal.
import type { Claims, Db } from "../../db/types";
import { defaultLocale, type Locale } from "../../i18n/config";
import { AppError } from "../app-error";
import { assertNameFree, validName } from "../rooms/member-fields";
import { insertMember, MAX_MEMBERS, removeMember } from "../rooms/membership";
import { mutateRoom } from "../rooms/mutate";
import { nextBotAppearance, nextBotName } from "./persona";

export interface AddBotInput {
  displayName?: string;
  /** The host's language: which list the bot's name comes from (persona.ts). */
  locale?: Locale;
}

/** Host, lobby: seats a bot (ready at once) with a name and a look of its own; returns its user id. */
export function addBot(db: Db, claims: Claims, code: string, input: AddBotInput = {}): Promise<string> {
  return mutateRoom(
    db,
    claims,
    code,
    async ({ tx, room, members }) => {
      if (members.length >= MAX_MEMBERS) throw new AppError(409, "ROOM_FULL", `A room holds at most ${MAX_MEMBERS} players.`);
      const name = input.displayName === undefined ? nextBotName(members, room.id, input.locale ?? defaultLocale) : validName(input.displayName);
      assertNameFree(name, members);
      const userId = crypto.randomUUID();
      await insertMember(tx, room.id, userId, name, nextBotAppearance(members, room.id), true);
      return userId;
    },
    { host: true, lobby: true },
  );
}

/** Host, lobby: removes one of the room's bots. A person is never removed here (use kick). */
export function removeBot(db: Db, claims: Claims, code: string, botId: string): Promise<void> {
  return mutateRoom(
    db,
    claims,
    code,
    async ({ tx, room, members }) => {
      if (!members.some((m) => m.user_id === botId && m.is_bot)) {
        throw new AppError(404, "MEMBER_NOT_FOUND", "This room has no such bot.");
      }
      await removeMember(tx, room, members, botId);
    },
    { host: true, lobby: true },
  );
}
