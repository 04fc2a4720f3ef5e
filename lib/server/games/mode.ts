// The server talks to every mode through the registry (engine + platform part) with opaque
// state/config/view; it never imports a mode.
import { getMode, type RegisteredMode } from "../../game/modes";
import { AppError } from "../app-error";
import { parseTimeScale } from "./time-scale";

export type AnyMode = RegisteredMode;

export function modeOf(id: string): AnyMode {
  const mode = getMode(id);
  if (!mode) throw new AppError(400, "BAD_CONFIG", `Unknown game mode "${id}".`);
  return mode;
}

/** Room settings → the mode's validated config; the deployment's time scale is applied here. */
export function configFor(mode: AnyMode, settings: object): unknown {
  const r = mode.configSchema.safeParse({ ...settings, timeScale: parseTimeScale() });
  if (!r.success) {
    const first = r.error.issues[0];
    const where = first?.path.length ? `${first.path.map(String).join(".")}: ` : "";
    throw new AppError(400, "BAD_CONFIG", `Invalid settings: ${where}${first?.message ?? "rejected"}`);
  }
  return r.data;
}
