// The chat lines bots write: a canonical machine form, the same in every room, that bots read back
// (bot.ts: claims, accusations, agreement) and that clients render per reader, in the reader's
// language and with display names (lib/client/werewolf/bot-line.ts) — the ids in it never reach a screen
// (issue 21). A line carries its situation, which of the situation's sentences to say (so every
// reader sees the same one) and its arguments: the players it names and the reason the bot saw.
// No imports: the client bundle takes this file alone.

/** How many sentences each situation has in every language (messages/*.json, botChat). */
export const VARIANTS = 10;

/** Why a bot suspects a player: a fact of its own view, named in the line (issue 22 item 2). */
export type Reason =
  /** The suspect voted for `who` in a tally the bot saw. */
  | { why: "voted"; who: string }
  /** The suspect has said nothing today. */
  | { why: "quiet" }
  /** `who` accused the suspect in the day chat. */
  | { why: "accused"; who: string }
  /** `who` claimed to be the Seer and named the suspect a wolf. */
  | { why: "claimed"; who: string }
  /** Nothing in particular. */
  | { why: "hunch" };

export const REASONS = ["voted", "quiet", "accused", "claimed", "hunch"] as const;

/** What a bot line says; `n` picks one of the situation's sentences. */
export type BotLine =
  | { kind: "greet"; n: number }
  | { kind: "accuse"; n: number; target: string; reason: Reason }
  /** I am accused (or named a wolf) by `by`. */
  | { kind: "defend"; n: number; by: string }
  /** "I am the Seer: target is <result>" (a wolf may lie). */
  | { kind: "claim"; n: number; target: string; result: string }
  /** `speaker` is right about `target`. */
  | { kind: "agree"; n: number; speaker: string; target: string }
  /** I don't believe what `speaker` said about `target`. */
  | { kind: "doubt"; n: number; speaker: string; target: string }
  /** `target` died. */
  | { kind: "death"; n: number; target: string }
  /** `target` was voted out, `voter` among those who voted for them. */
  | { kind: "tally"; n: number; target: string; voter: string }
  /** Wolf chat: my pick tonight. */
  | { kind: "pick"; n: number; target: string }
  /** Wolf chat: I go with the pack's pick. */
  | { kind: "follow"; n: number; target: string }
  /** Wolf chat: tomorrow I claim Seer and name `target` <result>. */
  | { kind: "plan"; n: number; target: string; result: string }
  | { kind: "whoTonight" };

export type BotLineKind = BotLine["kind"];

/** The arguments each kind carries, in order (a reason adds its own). */
const ARGS = {
  greet: [],
  accuse: ["target"],
  defend: ["by"],
  claim: ["target", "result"],
  agree: ["speaker", "target"],
  doubt: ["speaker", "target"],
  death: ["target"],
  tally: ["target", "voter"],
  pick: ["target"],
  follow: ["target"],
  plan: ["target", "result"],
} as const satisfies Record<Exclude<BotLineKind, "whoTonight">, readonly string[]>;

const PREFIX = "bot:";

/** A line's text: `bot:<kind>:<n> <args…>` (ids hold no spaces). */
export function botLineText(line: BotLine): string {
  if (line.kind === "whoTonight") return WHO_TONIGHT;
  const record = line as unknown as Record<string, string>;
  const args: string[] = ARGS[line.kind].map((k) => record[k]);
  if (line.kind === "accuse") {
    args.push(line.reason.why);
    if ("who" in line.reason) args.push(line.reason.who);
  }
  return [`${PREFIX}${line.kind}:${line.n}`, ...args].join(" ");
}

/** The old forms (games stored before issue 22) are still read. */
export const claimText = (target: string, result: string) => `I am the Seer: ${target} is ${result === "village" ? "village" : `a ${result}`}.`;
export const accuseText = (target: string) => `I suspect ${target}.`;
/** A wolf's word to the pack at night. */
export const WHO_TONIGHT = "Who tonight?";

const CLAIM = /^I am the Seer: (\S+) is (?:a |)(\S+)\.$/;
const ACCUSE = /^I suspect (\S+)\.$/;
const HEAD = /^bot:([a-z]+):(\d)$/;

function reasonOf(why: string | undefined, who: string | undefined): Reason | null {
  if (why === "quiet" || why === "hunch") return who === undefined ? { why } : null;
  if (why === "voted" || why === "accused" || why === "claimed") return who === undefined ? null : { why, who };
  return null;
}

/** The line a text is, or null for any other text (a person's words). */
export function parseBotLine(text: string): BotLine | null {
  if (text === WHO_TONIGHT) return { kind: "whoTonight" };
  if (text.startsWith(PREFIX)) return parseMachine(text);
  const claim = CLAIM.exec(text);
  if (claim) return { kind: "claim", n: 0, target: claim[1], result: claim[2] };
  const accuse = ACCUSE.exec(text);
  return accuse ? { kind: "accuse", n: 0, target: accuse[1], reason: { why: "hunch" } } : null;
}

function parseMachine(text: string): BotLine | null {
  const [head, ...args] = text.split(" ");
  const m = HEAD.exec(head);
  if (m === null || !Object.hasOwn(ARGS, m[1])) return null;
  const kind = m[1] as keyof typeof ARGS;
  const names = ARGS[kind];
  const n = Number(m[2]);
  if (args.some((a) => a.length === 0)) return null;
  const line: Record<string, unknown> = { kind, n };
  names.forEach((k, i) => (line[k] = args[i]));
  if (kind === "accuse") {
    const reason = reasonOf(args[1], args[2]);
    if (reason === null || args.length > 3) return null;
    line.reason = reason;
  } else if (args.length !== names.length) return null;
  return line as BotLine;
}

/** The players a line names (its ids), for renderers and checks. */
export function namedIn(line: BotLine): string[] {
  switch (line.kind) {
    case "greet":
    case "whoTonight":
      return [];
    case "accuse":
      return "who" in line.reason ? [line.target, line.reason.who] : [line.target];
    case "defend":
      return [line.by];
    case "agree":
    case "doubt":
      return [line.speaker, line.target];
    case "tally":
      return [line.target, line.voter];
    default:
      return [line.target];
  }
}
