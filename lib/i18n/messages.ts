// Server-side loading of one language's messages; only the chosen language reaches the browser.
import type { Locale } from "./config";
import vi from "@/messages/vi.json";
import en from "@/messages/en.json";
import zh from "@/messages/zh.json";

export type Messages = typeof vi;
const all: Record<Locale, Messages> = { vi, en, zh };

export function messagesFor(locale: Locale): Messages {
  return all[locale];
}
