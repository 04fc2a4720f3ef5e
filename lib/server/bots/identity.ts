// A bot's identity: a user id of its own and the same claim shape a signed-in person has, so every
// service (and every RLS policy behind `db.asUser`) treats it exactly like a player. No token is
// ever issued for it: the claims exist only inside the server process that drives the bot.
import type { Claims } from "../../db/types";
import { personaOf } from "../../game/core/persona";

export interface BotMember {
  userId: string;
  displayName: string;
}

export const botClaims = (bot: BotMember): Claims => ({
  sub: bot.userId,
  role: "authenticated",
  is_anonymous: true,
  user_metadata: { display_name: bot.displayName },
});

/**
 * A bot's persona number (the mode's brain makes a talk style of it), derived from its id (a random
 * uuid drawn when it was seated): the same in every process and pass, for the bot's whole life in
 * the room, with no column to store.
 */
export const botPersona = (userId: string): number => personaOf(userId);
