/**
 * A page's reads share one D1 round trip (worker/db/read-batch.ts), on the real local D1: the
 * batches of the reads that take part go to D1 as one once every running read waits on one;
 * a read that needs no D1 does not hold the others; a failing statement fails only its own read.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readBatch } from "../../worker/db/read-batch";
import { countingD1 } from "./counting-d1";

const select = (db: D1Database, value: number) => db.prepare("SELECT ?1 AS v").bind(value);
const values = (results: D1Result[]) => results.map((r) => (r.results[0] as { v: number }).v);

describe("read batch", () => {
  it("two reads that each send a batch make one round trip, and each gets its own results", async () => {
    const counter = countingD1(env.DB);
    const reads = readBatch({ ...env, DB: counter.db });
    const [a, b] = await Promise.all([
      reads.read(() => reads.db.batch([select(reads.db, 1), select(reads.db, 2)])),
      reads.read(async () => {
        await Promise.resolve();
        return reads.db.batch([select(reads.db, 3)]);
      }),
    ]);
    expect(values(a)).toEqual([1, 2]);
    expect(values(b)).toEqual([3]);
    expect(counter.trips).toBe(1);
  });

  it("waits for a read that is busy elsewhere (a timer here) and sends once it asks too", async () => {
    const counter = countingD1(env.DB);
    const reads = readBatch({ ...env, DB: counter.db });
    const [a, b] = await Promise.all([
      reads.read(() => reads.db.batch([select(reads.db, 1)])),
      reads.read(async () => {
        await new Promise((r) => setTimeout(r, 20));
        return reads.db.batch([select(reads.db, 2)]);
      }),
    ]);
    expect([...values(a), ...values(b)]).toEqual([1, 2]);
    expect(counter.trips).toBe(1);
  });

  it("a read that finishes without D1 (an edge cache hit) does not hold the others", async () => {
    const counter = countingD1(env.DB);
    const reads = readBatch({ ...env, DB: counter.db });
    const [hit, a] = await Promise.all([
      reads.read(async () => {
        await new Promise((r) => setTimeout(r, 5));
        return "from the cache";
      }),
      reads.read(() => reads.db.batch([select(reads.db, 7)])),
    ]);
    expect(hit).toBe("from the cache");
    expect(values(a)).toEqual([7]);
    expect(counter.trips).toBe(1);
  });

  it("a failing statement fails its own read only; the other read still gets its results", async () => {
    const reads = readBatch(env);
    const [bad, good] = await Promise.allSettled([
      reads.read(() => reads.db.batch([reads.db.prepare("SELECT * FROM no_such_table")])),
      reads.read(() => reads.db.batch([select(reads.db, 5)])),
    ]);
    expect(bad.status).toBe("rejected");
    expect(good.status === "fulfilled" && values(good.value)).toEqual([5]);
  });

  it("reads one after another each make their own trip", async () => {
    const counter = countingD1(env.DB);
    const reads = readBatch({ ...env, DB: counter.db });
    expect(values(await reads.read(() => reads.db.batch([select(reads.db, 1)])))).toEqual([1]);
    expect(values(await reads.read(() => reads.db.batch([select(reads.db, 2)])))).toEqual([2]);
    expect(counter.trips).toBe(2);
  });
});
