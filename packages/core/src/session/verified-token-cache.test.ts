import assert from "node:assert/strict";
import { test } from "node:test";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { CLOCK_TOLERANCE_S as CLOCK_TOLERANCE } from "../lib/defaults.ts";
import { VerifiedTokenCache } from "./verified-token-cache.ts";

const NOW = 1_800_000_000_000;
const exp = NOW / 1000 + 60;

test("a verified token comes back until it expires (with the decrypter's clock tolerance)", () => {
  const cache = new VerifiedTokenCache();
  cache.set("token-a", { sub: "u1", exp }, NOW);
  assert.deepEqual(cache.get("token-a", NOW), { sub: "u1", exp });
  assert.ok(cache.get("token-a", (exp + CLOCK_TOLERANCE - 1) * 1000));
  assert.equal(cache.get("token-a", (exp + CLOCK_TOLERANCE) * 1000), undefined);
  assert.equal(cache.size, 0, "an expired entry is dropped when seen");
});

test("only the exact token string hits; claims are frozen so no request can alter another's", () => {
  const cache = new VerifiedTokenCache();
  cache.set("token-a", { sub: "u1", exp }, NOW);
  assert.equal(cache.get("token-A", NOW), undefined);
  assert.equal(cache.get("token-a ", NOW), undefined);
  assert.ok(Object.isFrozen(cache.get("token-a", NOW)));
});

test("tokens without exp, already expired, or with nbf are never kept", () => {
  const cache = new VerifiedTokenCache();
  cache.set("no-exp", { sub: "u1" }, NOW);
  cache.set("expired", { sub: "u1", exp: NOW / 1000 - CLOCK_TOLERANCE - 1 }, NOW);
  cache.set("nbf", { sub: "u1", exp, nbf: NOW / 1000 }, NOW);
  assert.equal(cache.size, 0);
});

test("memory is bounded: past max entries the oldest goes first", () => {
  const cache = new VerifiedTokenCache(3);
  for (const name of ["t1", "t2", "t3", "t4"]) cache.set(name, { sub: name, exp }, NOW);
  assert.equal(cache.size, 3);
  assert.equal(cache.get("t1", NOW), undefined);
  assert.equal(cache.get("t4", NOW)?.sub, "t4");
  assert.equal(new VerifiedTokenCache(0).size, 0);
});

test("an entry keeps its token, not the whole Cookie header the token was cut from (issue 12)", () => {
  // A token sliced out of a request's Cookie header is, in V8, a view that keeps the whole header
  // alive: 200 entries cut from 64 KB headers would hold 12.8 MB. Measured on the heap after a full GC.
  v8.setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const cache = new VerifiedTokenCache(200);
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 200; i++) {
    const header = `other=${i}${"x".repeat(64 * 1024)}; gatehouse.session-token=token-${i}-${"t".repeat(400)}`;
    cache.set(header.slice(header.indexOf("token=") + "token=".length), { sub: "u1", exp }, NOW);
  }
  gc();
  const grown = process.memoryUsage().heapUsed - before;
  assert.equal(cache.size, 200);
  assert.ok(grown < 2 * 1024 * 1024, `the cache's 200 entries hold ${Math.round(grown / 1024)} KB`);
});
