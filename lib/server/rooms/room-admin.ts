// Host-only room changes: settings in the lobby, and "play again" after the end (W-ROOM-4).
import type { Claims, Db } from "../../db/types";
import { inlineParams } from "../../db/driver";
import { AppError } from "../app-error";
import { configFor, modeOf } from "../games/mode";
import { mutateRoom } from "./mutate";
import { gameEnded } from "./rows";
import { mergeSettings, readSettings, type SettingsPatch } from "./settings";

export const updateSettings = (db: Db, claims: Claims, code: string, patch: SettingsPatch) =>
  mutateRoom(
    db,
    claims,
    code,
    async ({ tx, room }) => {
      const next = mergeSettings(readSettings(room.settings), patch);
      configFor(modeOf(next.mode), next); // the mode's config has the last word (400 BAD_CONFIG)
      await tx.query("update rooms set settings = $2::text::jsonb where id = $1", [room.id, JSON.stringify(next)]);
    },
    { host: true, lobby: true },
  );

export const resetRoom = (db: Db, claims: Claims, code: string) =>
  mutateRoom(
    db,
    claims,
    code,
    async ({ tx, room, finish }) => {
      if (room.status !== "playing" || !(await gameEnded(tx, room.game_id))) {
        throw new AppError(409, "GAME_NOT_ENDED", "Play again is possible only after the game has ended.");
      }
      await finish([
        inlineParams("update rooms set status = 'lobby', game_id = null where id = $1", [room.id]),
        inlineParams("update room_members set ready = false where room_id = $1", [room.id]),
      ]);
    },
    { host: true },
  );
