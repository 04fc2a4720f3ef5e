// Typed message keys: a typo in a `t("...")` call fails the type-check.
import type { Locale } from "./config";
import type messages from "@/messages/vi.json";

declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
  }
}
