// Issue 2's smoke test: a room, seven more players through the invite link, everyone ready, the
// host starts, and each player sees their own role and nobody else's (S-START-2, S-START-3).
import { expect, test } from "@playwright/test";
import { closeAll, hostRoom, joinByLink, learnOwnRole, newPlayer, setReady, startGame, type Player } from "./support/players";

test("S-START-1 S-START-2 S-START-3: 8 players join by invite link, start, each sees only their own role", async ({ browser }) => {
  const names = ["Host", "An", "Bình", "Chi", "Dũng", "Giang", "Hà", "Khoa"];
  const players: Player[] = [];
  for (const n of names) players.push(await newPlayer(browser, n));
  try {
    const [host, ...guests] = players;
    const link = await hostRoom(host);
    for (const g of guests) await joinByLink(g, link);
    await expect(host.page.getByTestId("seat")).toHaveCount(8);
    // Start stays unavailable, with its reason, until everyone is ready.
    await expect(host.page.getByTestId("start")).toBeDisabled();
    await expect(host.page.getByTestId("start-hint")).not.toBeEmpty();
    for (const p of players) await setReady(p);
    await startGame(host, players);

    for (const p of players) {
      // Before the card is pressed no tile shows any role (people play side by side).
      await expect(p.page.locator('[data-testid="tile"][data-role]')).toHaveCount(0);
      await learnOwnRole(p);
    }
    const roles = players.map((p) => p.role).sort();
    expect(roles).toEqual(["guard", "hunter", "seer", "villager", "villager", "witch", "wolf", "wolf"]);
    for (const p of players) {
      const shown = p.page.locator('[data-testid="tile"][data-role]');
      const wolves = players.filter((q) => q.role === "wolf");
      if (p.role === "wolf") {
        // Wolves see exactly the wolves (S-START-3).
        await expect(shown).toHaveCount(2);
        for (const w of wolves) await expect(p.page.locator(`[data-testid="tile"][data-player="${w.id}"]`)).toHaveAttribute("data-role", "wolf");
      } else {
        await expect(shown).toHaveCount(1);
        await expect(p.page.locator(`[data-testid="tile"][data-player="${p.id}"]`)).toHaveAttribute("data-role", p.role);
      }
    }
  } finally {
    await closeAll(players);
  }
});
