// The chat lines bots write: a canonical machine form, the same in every room, that bots read back
// (bot.ts: claims and accusations) and that clients render per reader, in the reader's language and
// with display names (lib/client/bot-line.ts) — the ids in it never reach a screen (issue 21).
// No imports: the client bundle takes this file alone.

/** What a bot line says. */
export type BotLine =
  | { kind: "claim"; target: string; result: string }
  | { kind: "accuse"; target: string }
  | { kind: "whoTonight" };

/** A Seer's claim: "I am the Seer: <id> is a wolf." / "… is village." */
export const claimText = (target: string, result: string) => `I am the Seer: ${target} is ${result === "village" ? "village" : `a ${result}`}.`;
export const accuseText = (target: string) => `I suspect ${target}.`;
/** A wolf's word to the pack at night. */
export const WHO_TONIGHT = "Who tonight?";

const CLAIM = /^I am the Seer: (\S+) is (?:a |)(\S+)\.$/;
const ACCUSE = /^I suspect (\S+)\.$/;

/** The line a text is, or null for any other text (a person's words). */
export function parseBotLine(text: string): BotLine | null {
  if (text === WHO_TONIGHT) return { kind: "whoTonight" };
  const claim = CLAIM.exec(text);
  if (claim) return { kind: "claim", target: claim[1], result: claim[2] };
  const accuse = ACCUSE.exec(text);
  return accuse ? { kind: "accuse", target: accuse[1] } : null;
}
