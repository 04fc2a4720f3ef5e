// A bot's talk style (issue 22 item 4): how much and how it talks, never what it knows. Fixed per
// bot for its whole life in a room (the server derives it from the bot's id) and handed to the
// brain with every decision (lib/server/bots/turn.ts), so replays and the cron pass agree.
export const BOT_STYLES = ["quiet", "talkative", "suspicious"] as const;

export type BotStyle = (typeof BOT_STYLES)[number];

/** What the server hands a bot brain besides its view and its RNG. */
export interface BotTurnInput {
  style: BotStyle;
}
