import { configSchema } from "../lib/game/werewolf/config";
import { werewolf } from "../lib/game/werewolf/mode";

import { playBotGame } from "./bot-game";
const t: Record<string, number> = {};
const now = () => performance.now();
for (const k of ["legalActions","viewFor","act","advance","setup"] as const) {
  const orig = (werewolf as any)[k];
  (werewolf as any)[k] = function (a: any, b: any, c: any, d: any) { const t0 = now(); const r = orig(a, b, c, d); t[k] = (t[k] ?? 0) + now() - t0; return r; };
}
const config = configSchema.parse({ ruleset: "standard" } as any);
const players = Array.from({length:9},(_,i)=>`p${i}`);
for (let s=1;s<=5000;s++) playBotGame(config as any, players, s);
for (const k in t) t[k] = 0;
const N = 20000; const t0 = now();
for (let s=1;s<=N;s++) playBotGame(config as any, players, s + 10000);
const total = now() - t0;
console.log("total µs/game", (total*1000/N).toFixed(1));
for (const k in t) console.log(k.padEnd(14), (t[k]*1000/N).toFixed(1));
