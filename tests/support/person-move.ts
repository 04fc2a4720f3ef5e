// A person at the table, scripted: in each phase, every non-chat action their view offers, once,
// with the first choices it lists. Tests with bots use it so the person's seat never stalls a game
// (an absent person dealt a Wolf never bites).
import type { WerewolfView } from "@/lib/game/werewolf/types";

/** The next action, or null; `taken` remembers what was chosen in each phase. */
export function personMove(view: WerewolfView, taken: Set<string>): Record<string, unknown> | null {
  const legal = view.legal.find((l) => l.type !== "chat" && !taken.has(`${view.phase}:${view.day}:${l.type}`));
  if (!legal) return null;
  taken.add(`${view.phase}:${view.day}:${legal.type}`);
  const action: Record<string, unknown> = { type: legal.type };
  if (legal.targets?.length) action[legal.type === "link" ? "targets" : "target"] = legal.type === "link" ? legal.targets.slice(0, 2) : legal.targets[0];
  if (legal.cards?.length) action.card = legal.cards[0];
  return action;
}
