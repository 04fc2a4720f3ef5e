// The shape of one action (legality is legal.ts's job).
import { z } from "zod";
import { MAX_RAW_CHAT } from "../core/chat-limits";
import type { WitchHuntAction } from "./types";

const id = z.string().min(1).max(100);
const location = z.enum(["forest", "meadow", "riverbank", "cave", "graveyard"]);
const ingredient = z.enum(["mushroom", "herb", "fish", "crystal", "bone"]);

export const actionSchema: z.ZodType<WitchHuntAction> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready") }).strict(),
  z.object({ type: z.literal("ok") }).strict(),
  z.object({ type: z.literal("pick"), location }).strict(),
  z.object({ type: z.literal("guard") }).strict(),
  z.object({ type: z.literal("guard_location"), location }).strict(),
  z.object({ type: z.literal("heal"), target: id }).strict(),
  z.object({ type: z.literal("witch_location"), location }).strict(),
  z.object({ type: z.literal("cast"), spell: z.enum(["frog_hex", "blight", "disguise"]), target: id.optional() }).strict(),
  z.object({ type: z.literal("end_discussion") }).strict(),
  z.object({ type: z.literal("inspect"), target: id }).strict(),
  z.object({ type: z.literal("steal"), target: id }).strict(),
  z.object({ type: z.literal("propose"), members: z.array(id).min(1).max(12) }).strict(),
  z.object({ type: z.literal("approve"), yes: z.boolean() }).strict(),
  z.object({ type: z.literal("put"), item: z.union([ingredient, z.literal("spoiled")]) }).strict(),
  z.object({ type: z.literal("vote"), target: id.nullable() }).strict(),
  z.object({ type: z.literal("mark_absent"), player: id }).strict(),
  z.object({ type: z.literal("chat"), channel: z.enum(["table", "coven"]), text: z.string().max(MAX_RAW_CHAT) }).strict(),
]);
