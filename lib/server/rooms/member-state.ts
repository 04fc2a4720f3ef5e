// A member's own lobby state: ready (S-START-1), appearance (W-ROOM-2), display name (W-ROOM-3).
import type { Claims, Db } from "../../db/types";
import { botsMakeWay } from "../bots/make-way";
import { assertNameFree, validName } from "./member-fields";
import { inlineParams } from "../../db/driver";
import { mutateRoom, mutateRoomScript } from "./mutate";
import { ROOM_OF_CODE } from "./rows";

const asMember = { member: true, lobby: true };

// Each one statement, so one script: nine players readying at once after a game must not hold
// the embedded database's one transaction slot across round trips.
export const setReady = (db: Db, claims: Claims, code: string, ready: boolean) =>
  mutateRoomScript(db, claims, code, (c) => inlineParams(`update room_members set ready = $3 where room_id = ${ROOM_OF_CODE} and user_id = $2`, [c, claims.sub, ready]), asMember);

export const setAppearance = (db: Db, claims: Claims, code: string, appearance: string) =>
  mutateRoomScript(
    db,
    claims,
    code,
    (c) => inlineParams(`update room_members set appearance = $3 where room_id = ${ROOM_OF_CODE} and user_id = $2`, [c, claims.sub, appearance]),
    asMember,
  );

export const renameMember = (db: Db, claims: Claims, code: string, rawName: string) => {
  const name = validName(rawName);
  return mutateRoom(
    db,
    claims,
    code,
    async ({ tx, room, members }) => {
      assertNameFree(name, await botsMakeWay(tx, room, members, name), claims.sub);
      await tx.query("update room_members set display_name = $3 where room_id = $1 and user_id = $2", [
        room.id,
        claims.sub,
        name,
      ]);
    },
    asMember,
  );
};
