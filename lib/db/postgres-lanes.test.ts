import { describe, expect, it } from "vitest";
import type postgres from "postgres";
import { createLanes, type Lane, type Lanes } from "./postgres-lanes";

const fake = () => ({}) as postgres.Sql;

/** A script asked for now waits while every lane is held, and gets `held` once its transaction ends. */
async function expectScriptWaitsFor(lanes: Lanes, held: Lane): Promise<void> {
  let next: Lane | null = null;
  void lanes.acquire(false).then((l) => (next = l));
  await Promise.resolve();
  expect(next).toBeNull();
  lanes.release(held, true);
  await Promise.resolve();
  expect(next).toBe(held);
}

describe("lanes (our pool of single-connection instances)", () => {
  it("gives a transaction a lane no script or transaction is then given", async () => {
    const lanes = createLanes(2, fake);
    const t = await lanes.acquire(true);
    const scripts = await Promise.all([lanes.acquire(false), lanes.acquire(false)]);
    expect(scripts.every((s) => s !== t)).toBe(true);
    // The other lane may be held too: its BEGIN goes behind the scripts already on it.
    const t2 = await lanes.acquire(true);
    expect(t2).toBe(scripts[0]);
    for (const s of scripts) lanes.release(s, false);
    await expectScriptWaitsFor(lanes, t); // both held
  });

  it("sends a script to the least busy lane no transaction holds", async () => {
    const lanes = createLanes(3, fake);
    const a = await lanes.acquire(false);
    const b = await lanes.acquire(false);
    const c = await lanes.acquire(false);
    expect(new Set([a, b, c]).size).toBe(3);
    lanes.release(b, false);
    expect(await lanes.acquire(false)).toBe(b);
  });

  it("keeps a lane held when a script that was on it before the transaction ends", async () => {
    const lanes = createLanes(1, fake);
    const script = await lanes.acquire(false);
    const t = await lanes.acquire(true); // the only lane: its BEGIN queues behind the script
    expect(t).toBe(script);
    lanes.release(script, false);
    expect(t.held).toBe(true);
    await expectScriptWaitsFor(lanes, t);
  });

  it("serves waiters first come, first served once a lane is free", async () => {
    const lanes = createLanes(1, fake);
    const t = await lanes.acquire(true);
    const order: string[] = [];
    const w1 = lanes.acquire(true).then((l) => (order.push("tx"), l));
    const w2 = lanes.acquire(false).then((l) => (order.push("script"), l));
    lanes.release(t, true);
    const first = await w1;
    await Promise.resolve();
    expect(order).toEqual(["tx"]);
    lanes.release(first, true);
    await w2;
    expect(order).toEqual(["tx", "script"]);
  });
});
