import assert from "node:assert/strict";
import { test } from "node:test";
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
