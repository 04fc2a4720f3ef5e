// Readable fixed deals for tests (seat order = key order).
import type { RoleId } from "./types";

/** S-START-2's 8-player deck. */
export const STANDARD_8: Record<string, RoleId> = {
  ann: "wolf",
  bob: "wolf",
  cat: "seer",
  dan: "guard",
  eve: "witch",
  fay: "hunter",
  gus: "villager",
  hal: "villager",
};

/** S-START-2's 9-player deck. */
export const STANDARD_9: Record<string, RoleId> = { ...STANDARD_8, ivy: "wolf" };

/** Classic, 8 players, with every optional role but the Thief. */
export const CLASSIC_8: Record<string, RoleId> = {
  ann: "wolf",
  bob: "wolf",
  cat: "seer",
  dan: "cupid",
  eve: "witch",
  fay: "hunter",
  gus: "little_girl",
  hal: "villager",
};
export const CLASSIC_8_OPTIONS = { ruleset: "classic", roles: ["hunter", "cupid", "witch", "little_girl"] };

/** 8 players with a Thief: the deal leaves one Wolf and one Villager in the middle. */
export const THIEF_DEAL: Record<string, RoleId> = {
  tom: "thief",
  ann: "wolf",
  cat: "seer",
  v1: "villager",
  v2: "villager",
  v3: "villager",
  v4: "villager",
  v5: "villager",
};
