// Issue 28 item 2 (docs/security.md, "Every string is one literal"): the literals that scripts
// inline (`quoteLiteral`, `inlineParams`, lib/db/driver.ts) come back from the database exactly as
// written, for 100,000 random strings rich in `$`, quotes, backslashes and tag-like suffixes —
// plain, inside JSON, and as a caller's claims — and text no database can hold is refused with a
// 400 at the edge instead of failing a statement.
import { describe, expect, it } from "vitest";
import { becomeUserScript, inlineParams, quoteLiteral } from "@/lib/db/driver";
import type { Claims } from "@/lib/db/types";
import { AppError } from "@/lib/server/app-error";
import { act } from "@/lib/server/games/act";
import { checkText } from "@/lib/server/http/parse";
import { randomTrapString, SQL_TRAPS } from "@/scripts/sql-traps";
import { startEightPlayerGame } from "../realtime/started-game";
import { forEachDb } from "./test-db";

/** mulberry32: the same strings on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COUNT = 100_000;
const PER_SCRIPT = 5_000;
const next = seeded(28);
const STRINGS = [...SQL_TRAPS, ...Array.from({ length: COUNT }, () => randomTrapString(next))];

describe("quoteLiteral", () => {
  it("writes quotes and backslashes doubled, backslashes in an escape string", () => {
    expect(quoteLiteral("k$c")).toBe("'k$c'");
    expect(quoteLiteral("it's")).toBe("'it''s'");
    expect(quoteLiteral("a\\'b")).toBe("E'a\\\\''b'");
    expect(inlineParams("select $1::text, $2::int, x-$3", ["$c$", 7, -1])).toBe("select '$c$'::text, 7::int, x-(-1)");
  });

  it("refuses NUL and lone surrogates, which no Postgres text can hold; the edge answers 400 BAD_TEXT first", () => {
    for (const bad of ["a\u0000b", "\ud800", "x\udfff"]) {
      expect(() => quoteLiteral(bad)).toThrow();
      let caught: unknown;
      try {
        checkText({ action: { text: bad }, idempotencyKey: "k" });
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect(caught).toMatchObject({ status: 400, code: "BAD_TEXT" });
    }
    expect(() => checkText({ [`k\u0000`]: 1 })).toThrow(AppError);
    expect(() => checkText({ deep: [[[["😀 fine $c"]]]] })).not.toThrow();
  });
});

/** PGlite's result decoder (a default TextDecoder) drops a U+FEFF at the start of any text value it reads back. */
const asPgliteReads = (s: string) => s.replace(/^\ufeff/, "");

forEachDb("quoted literals", (db, kind) => {
  it(`${STRINGS.length.toLocaleString("en")} hostile strings round-trip exactly, as text and inside JSON`, async () => {
    for (let from = 0; from < STRINGS.length; from += PER_SCRIPT) {
      const chunk = STRINGS.slice(from, from + PER_SCRIPT);
      // One statement per chunk: every literal is a row, numbered, so order and count are checked too.
      const rows = chunk.map((s, i) => `(${i}, ${quoteLiteral(s)})`).join(",\n");
      const json = inlineParams("select $1::text::jsonb as j", [chunk]);
      const [plain, [inJson]] = await db().exec(
        `select n, s, encode(convert_to(s, 'UTF8'), 'hex') as hex from (values ${rows}) as t(n, s) order by n;\n${json}`,
      );
      // The bytes the database holds, compared in full whatever the driver's decoder does.
      expect(plain.map((r) => r.hex)).toEqual(chunk.map((s) => Buffer.from(s, "utf8").toString("hex")));
      const readBack = kind === "postgres" ? chunk : chunk.map(asPgliteReads);
      expect(plain.map((r) => r.s)).toEqual(readBack);
      expect(inJson.j).toEqual(chunk);
    }
  }, 120_000);

  it("a caller's claims with hostile text set exactly those claims", async () => {
    for (const name of SQL_TRAPS) {
      const claims: Claims = { sub: crypto.randomUUID(), role: "authenticated", user_metadata: { display_name: name } };
      const [, [row]] = await db().exec(`${becomeUserScript(claims)};\nselect current_setting('request.jwt.claims') as c, current_user as u`);
      expect(JSON.parse(row.c as string)).toEqual(claims);
      expect(row.u).toBe("authenticated");
    }
  });

  it('an action whose idempotency key ends in "$c" is judged, not a 500; its reply replays by that key', async () => {
    const g = await startEightPlayerGame(db());
    for (const key of ["k$c", "k$cc$", "'$c", "k\\"]) {
      const body = { action: { type: "chat", channel: "day", text: `Zed$c ${key}` }, idempotencyKey: key };
      const first = await act(db(), g.players[3], g.gameId, body).catch((e: unknown) => e);
      // Chat may be out of phase (night): then a 4xx, never a database error.
      if (first instanceof AppError) expect(first.status).toBeLessThan(500);
      else expect(await act(db(), g.players[3], g.gameId, body)).toEqual(first);
    }
  });
});
