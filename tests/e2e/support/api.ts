// Direct API calls from a player's own context (same cookies): proves the server refuses what the
// UI hides, e.g. a dead player chatting or voting.
import type { Player } from "./players";

export async function postAction(p: Player, gameId: string, action: Record<string, unknown>): Promise<{ status: number; code?: string }> {
  const res = await p.page.request.post(`/api/games/${gameId}/actions`, {
    data: { action, idempotencyKey: `e2e-${Math.random().toString(36).slice(2)}` },
  });
  const body = (await res.json().catch(() => null)) as { error?: { code: string } } | null;
  return { status: res.status(), code: body?.error?.code };
}
