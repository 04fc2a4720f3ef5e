// A bot's talk style (issue 22 item 4): how much and how it talks, never what it knows. Fixed per
// bot for its whole life in a room (the server derives it from the bot's id) and handed to the
// brain with every decision (lib/server/bots/turn.ts), so replays and the cron pass agree.
import { personaOf } from "../core/persona";

export const BOT_STYLES = ["quiet", "talkative", "suspicious"] as const;

export type BotStyle = (typeof BOT_STYLES)[number];

/** A bot's talk style from its persona number (stable per bot: ../core/persona.ts). */
export const styleOfPersona = (persona: number): BotStyle => BOT_STYLES[persona % BOT_STYLES.length];

/** The style of the bot playing as `id`: the one a room gives it (lib/server/bots/identity.ts). */
export const styleOf = (id: string): BotStyle => styleOfPersona(personaOf(id));

/** What the server hands a bot brain besides its view and its RNG. */
export interface BotTurnInput {
  style: BotStyle;
}
