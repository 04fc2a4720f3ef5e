export type BotStyle = "quiet" | "talkative" | "suspicious";
