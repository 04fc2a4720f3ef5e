// The shape of one action (legality is legal.ts's job).
import { z } from "zod";
import { MAX_RAW_CHAT } from "../core/chat-limits";
import type { CardWerewolfAction } from "./types";

const id = z.string().min(1).max(100);

export const actionSchema: z.ZodType<CardWerewolfAction> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("play"), card: z.number().int().min(0).max(1000), target: id.optional() }).strict(),
  z.object({ type: z.literal("view"), target: id }).strict(),
  z.object({ type: z.literal("look"), target: id }).strict(),
  z.object({ type: z.literal("point"), target: id }).strict(),
  z.object({ type: z.literal("chat"), channel: z.enum(["table", "wolves"]), text: z.string().max(MAX_RAW_CHAT) }).strict(),
]);
