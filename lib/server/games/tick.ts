// POST /api/games/:id/tick — a client whose countdown hit zero nudges the server (S-FLOW-5).
import type { Claims, Db } from "../../db/types";
import { advanceDue } from "../advance-due";
import { gameColumns, gameNotFound, isUuid, toMs, type GameRow } from "./rows";

export async function tickGame(db: Db, claims: Claims, id: string, now = Date.now()) {
  const visible = async () => {
    if (!isUuid(id)) throw gameNotFound();
    const [g] = await db.asUser(claims, (tx) => tx.query<GameRow>(`select ${gameColumns} from games where id = $1`, [id]));
    if (!g) throw gameNotFound();
    return g;
  };
  await visible();
  const { advanced } = await advanceDue(db, now, { gameId: id });
  const g = await visible();
  return { advanced: advanced.length > 0, phase: g.phase, day: g.day, deadline: toMs(g.deadline), ended: g.ended };
}
