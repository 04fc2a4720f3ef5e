import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ENGINE_ERROR_CODES } from "../server/engine-error";
import { locales } from "./config";
import { messagesFor } from "./messages";

const keys = (o: object, prefix = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

/**
 * The glossary the product owner keeps beside the repository (../shared), and the copy this
 * repository carries so that a clone alone (CI's) checks the UI's words against it.
 */
const SHARED_GLOSSARY = path.resolve(__dirname, "../../../shared/glossary.md");
const GLOSSARY = path.resolve(__dirname, "../../docs/glossary.md");

/** The glossary table: id → [vi, en, zh]. */
function glossary(): Map<string, string[]> {
  const rows = readFileSync(GLOSSARY, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("| ") && !l.startsWith("| id") && !l.startsWith("| ---"))
    .map((l) => l.split("|").slice(1, -1).map((c) => c.trim()));
  return new Map(rows.map(([id, ...words]) => [id, words]));
}

describe("UI messages", () => {
  it("every language has exactly the same keys, none empty", () => {
    const vi = keys(messagesFor("vi")).sort();
    for (const l of locales) {
      expect(keys(messagesFor(l)).sort(), l).toEqual(vi);
      for (const k of vi) {
        const v = k.split(".").reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], messagesFor(l));
        expect(typeof v === "string" && v.trim().length > 0, `${l}.${k}`).toBe(true);
      }
    }
  });

  it("every refusal a player can meet has its own message in every language", () => {
    // The engine's codes, and those of joining, the lobby and the host's controls; the rest
    // (malformed requests, server faults) are shown as "something went wrong (CODE)".
    const room = ["UNAUTHENTICATED", "BAD_NAME", "NAME_TAKEN", "ROOM_FULL", "ROOM_NOT_IN_LOBBY", "ROOM_NOT_FOUND", "GAME_NOT_FOUND", "NOT_ALL_READY", "GAME_IN_PROGRESS", "GAME_NOT_ENDED", "NOT_A_MEMBER", "MEMBER_NOT_FOUND", "CANNOT_KICK_SELF", "DB_UNAVAILABLE"];
    for (const l of locales) {
      const errors = messagesFor(l).errors as Record<string, string>;
      for (const code of [...ENGINE_ERROR_CODES, ...room]) expect(errors[code], `${l} ${code}`).toBeTruthy();
    }
  });

  it.skipIf(!existsSync(SHARED_GLOSSARY))("the repository's copy of the glossary is the shared one, word for word", () => {
    expect(readFileSync(GLOSSARY, "utf8")).toBe(readFileSync(SHARED_GLOSSARY, "utf8"));
  });

  it("role and game words are the glossary's exact words in vi, en and zh", () => {
    const g = glossary();
    const roleIds = ["wolf", "seer", "guard", "witch", "hunter", "villager", "cupid", "thief", "little_girl", "sheriff"] as const;
    locales.forEach((l, i) => {
      const m = messagesFor(l);
      for (const r of roleIds) expect(m.roles[r].name, `${l} ${r}`).toBe(g.get(r)![i]);
      expect(m.teams.wolves, l).toBe(g.get("wolf side")![i]);
      expect(m.teams.village, l).toBe(g.get("village side")![i]);
      expect(m.teams.lovers, l).toBe(g.get("lovers")![i]);
      expect(m.lobby.roomCode, l).toBe(g.get("room code")![i]);
      expect(m.lobby.ready, l).toBe(g.get("ready")![i]);
      expect(m.lobby.start, l).toBe(g.get("start")![i]);
      expect(m.lobby.appearance, l).toBe(g.get("appearance")![i]);
      expect(m.lobby.host, l).toBe(g.get("host")![i]);
      for (const [key, id] of [["bite", "bite"], ["inspect", "inspect"], ["protect", "protect"], ["save", "save potion"], ["poison", "poison potion"], ["shoot", "shoot"], ["skip", "skip"], ["vote", "vote"], ["abstain", "abstain"]] as const)
        expect(m.action[key], `${l} ${key}`).toBe(g.get(id)![i]);
      expect(m.game.dead, l).toBe(g.get("dead")![i]);
      expect(m.results.title, l).toBe(g.get("results")![i]);
      expect(m.results.winner_draw, l).toBe(g.get("draw")![i]);
      // "Night N" / "Day N" with the number in the glossary's place.
      expect(m.phase.night.replace("{n}", "N"), l).toBe(g.get("night N")![i]);
      expect(m.phase.day.replace("{n}", "N"), l).toBe(g.get("day N")![i]);
      expect(m.chat.wolfTab.split(" · ")[0], l).toBe(g.get("wolf chat")![i]);
    });
  });
});
