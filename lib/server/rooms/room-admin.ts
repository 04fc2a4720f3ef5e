// Host-only room changes: settings in the lobby, and "play again" after the end (W-ROOM-4).
import type { Claims, Db } from "../../db/types";
import { inlineParams } from "../../db/driver";
import { configFor, modeOf } from "../games/mode";
import { mutateRoom, mutateRoomScript } from "./mutate";
import { ROOM_OF_CODE } from "./rows";
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

/** One script (migration 0044): the host checked, the game over (else 409 GAME_NOT_ENDED), the room back in its lobby, nobody ready. */
export const resetRoom = (db: Db, claims: Claims, code: string) =>
  mutateRoomScript(
    db,
    claims,
    code,
    (c) => [
      inlineParams("select app.expect_game_over($1)", [c]),
      inlineParams("update rooms set status = 'lobby', game_id = null where code = $1", [c]),
      inlineParams(`update room_members set ready = false where room_id = ${ROOM_OF_CODE}`, [c]),
    ],
    { host: true },
  );
