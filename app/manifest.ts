import type { MetadataRoute } from "next";
import { getTranslator } from "@/lib/i18n/server";

/** The web app manifest (installable, named in the visitor's language); colours match the night theme. */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const t = await getTranslator();
  return {
    name: t("app.title"),
    short_name: t("app.title"),
    description: t("app.tagline"),
    start_url: "/",
    display: "standalone",
    background_color: "#0b1020",
    theme_color: "#0b1020",
    icons: [{ src: "/icon.svg", sizes: "any", type: "image/svg+xml" }],
  };
}
