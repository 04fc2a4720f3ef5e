// Shape of a werewolf action. `actionSchema` (zod) is what the server parses request bodies with;
// `parseAction` is the allocation-light guard `act` runs on every call so it never throws on any
// input and stays cheap for the simulator (a zod parse per action would dominate a bot game).
// actions.test.ts checks the two agree.
import { z } from "zod";
import { MAX_RAW_CHAT } from "../core/chat-limits";
import type { EngineError } from "../core/types";
import { refuse } from "../core/result";
import type { WerewolfAction } from "./types";

const id = z.string().min(1).max(100);

export const actionSchema: z.ZodType<WerewolfAction> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("bite"), target: id }),
  z.object({ type: z.literal("inspect"), target: id }),
  z.object({ type: z.literal("protect"), target: id }),
  z.object({ type: z.literal("save") }),
  z.object({ type: z.literal("poison"), target: id }),
  z.object({ type: z.literal("skip") }),
  z.object({ type: z.literal("shoot"), target: id }),
  z.object({ type: z.literal("chat"), channel: z.enum(["day", "wolves"]), text: z.string().max(MAX_RAW_CHAT) }),
  z.object({ type: z.literal("ready_to_vote") }),
  z.object({ type: z.literal("vote"), target: id }),
  z.object({ type: z.literal("steal"), card: z.union([z.literal(0), z.literal(1)]) }),
  z.object({ type: z.literal("link"), targets: z.tuple([id, id]) }),
  z.object({ type: z.literal("peek") }),
  z.object({ type: z.literal("pass_badge"), target: id }),
]);

type Field = "target" | "chat" | "card" | "targets";

/**
 * The field each action type needs, or null; undefined for an unknown type. A switch rather than a
 * record: looking a record up by a varying key is a megamorphic keyed load (~100 instructions),
 * while a switch on internalized string constants compares pointers.
 */
function fieldOf(type: string): Field | null | undefined {
  switch (type) {
    case "bite":
    case "inspect":
    case "protect":
    case "poison":
    case "shoot":
    case "vote":
    case "pass_badge":
      return "target";
    case "save":
    case "skip":
    case "ready_to_vote":
    case "peek":
      return null;
    case "chat":
      return "chat";
    case "steal":
      return "card";
    case "link":
      return "targets";
    default:
      return undefined;
  }
}

const isId = (x: unknown): x is string => typeof x === "string" && x.length >= 1 && x.length <= 100;

/** Same acceptance as `actionSchema`; returns the input itself (typed) or a BAD_ACTION refusal. */
export function parseAction(raw: unknown): WerewolfAction | EngineError {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return refuse("BAD_ACTION", "An action must be an object.");
  const a = raw as Record<string, unknown>;
  const type = a.type;
  const field = typeof type === "string" ? fieldOf(type) : undefined;
  switch (field) {
    case undefined:
      return refuse("BAD_ACTION", "Unknown action type.");
    case null:
      return a as WerewolfAction;
    case "target":
      return isId(a.target) ? (a as WerewolfAction) : refuse("BAD_ACTION", "This action needs a target player.");
    case "chat":
      if (a.channel !== "day" && a.channel !== "wolves") return refuse("BAD_ACTION", 'Chat channel must be "day" or "wolves".');
      return typeof a.text === "string" && a.text.length <= MAX_RAW_CHAT
        ? (a as WerewolfAction)
        : refuse("BAD_ACTION", "Chat needs a text of at most 500 characters.");
    case "card":
      return a.card === 0 || a.card === 1 ? (a as WerewolfAction) : refuse("BAD_ACTION", "Card must be 0 or 1.");
    case "targets": {
      const t = a.targets;
      return Array.isArray(t) && t.length === 2 && isId(t[0]) && isId(t[1])
        ? (a as WerewolfAction)
        : refuse("BAD_ACTION", "Link needs exactly two players.");
    }
  }
}

/**
 * `parseAction`'s refusal of `raw`, or null when `raw` is an action. Cheaper to test than the
 * union `parseAction` returns: telling a refusal from an action by its fields reads `code` from
 * objects of every action's shape, a megamorphic load on each call.
 */
export function actionRefusal(raw: unknown): EngineError | null {
  const a = parseAction(raw);
  return a === raw ? null : (a as EngineError);
}
