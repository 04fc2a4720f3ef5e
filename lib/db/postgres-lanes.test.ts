import { describe, expect, it } from "vitest";
import type postgres from "postgres";
import { createLanes } from "./postgres-lanes";

const fake = () => ({}) as postgres.Sql;

describe("lanes (our pool of single-connection instances)", () => {
  it("gives a transaction a lane no script or transaction is then given", async () => {
    const lanes = createLanes(2, fake);
    const t = await lanes.acquire(true);
    const scripts = await Promise.all([lanes.acquire(false), lanes.acquire(false)]);
    expect(scripts.every((s) => s !== t)).toBe(true);
    // The other lane may be held too: its BEGIN goes behind the scripts already on it.
    const t2 = await lanes.acquire(true);
    expect(t2).toBe(scripts[0]);
    let next: unknown = null;
    void lanes.acquire(false).then((l) => (next = l));
    for (const s of scripts) lanes.release(s, false);
    await Promise.resolve();
    expect(next).toBeNull(); // both held
    lanes.release(t, true);
    await Promise.resolve();
    expect(next).toBe(t);
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
    let next: unknown = null;
    void lanes.acquire(false).then((l) => (next = l));
    await Promise.resolve();
    expect(next).toBeNull();
    lanes.release(t, true);
    await Promise.resolve();
    expect(next).toBe(t);
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
