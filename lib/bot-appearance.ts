// Which appearances are bots' (docs/api.md "Bots"): read by the server, which hands them out and
// refuses them to people, and by the avatar, which draws them as robots. Shared, so both agree.
export const BOT_APPEARANCE = "bot";
/** `bot-1` … `bot-8`: robot heads in eight looks; `bot` is the first bots' (before issue 22). */
export const BOT_VARIANTS = 8;

export const botAppearance = (variant: number): string => `bot-${variant + 1}`;

export const isBotAppearance = (appearance: string | null | undefined): boolean =>
  appearance === BOT_APPEARANCE || /^bot-[1-9][0-9]?$/.test(appearance ?? "");
