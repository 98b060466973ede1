import assert from "node:assert/strict";
import { test } from "node:test";
import { measureClientSize } from "./client-size.ts";
import { measureSignInRoundTrip } from "./sign-in-round-trip.ts";

/** The size budget of the Gatehouse React client, gzipped. */
const GATEHOUSE_CLIENT_BUDGET_BYTES = 3072;

test("client size: both clients bundle, and gzip makes each smaller", async () => {
  const rows = await measureClientSize();
  assert.deepEqual(
    rows.map((row) => row.name),
    ["@gatehouse/react", "better-auth (better-auth/react)"],
  );
  for (const row of rows) {
    assert.match(row.version, /^\d+\.\d+\.\d+/, `${row.name} version`);
    assert.ok(row.gzipBytes > 0, `${row.name}: gzip bytes ${row.gzipBytes}`);
    assert.ok(
      row.gzipBytes < row.minifiedBytes,
      `${row.name}: gzip ${row.gzipBytes} ≥ minified ${row.minifiedBytes}`,
    );
  }
});

test(`the Gatehouse React client stays within its ${GATEHOUSE_CLIENT_BUDGET_BYTES}-byte gzip budget`, async () => {
  const gatehouse = (await measureClientSize()).find((row) => row.name === "@gatehouse/react");
  assert.ok(gatehouse);
  assert.ok(
    gatehouse.gzipBytes <= GATEHOUSE_CLIENT_BUDGET_BYTES,
    `@gatehouse/react is ${gatehouse.gzipBytes} bytes gzipped, over the ${GATEHOUSE_CLIENT_BUDGET_BYTES}-byte budget`,
  );
});

test("sign-in round trip: three real OpenID Connect sign-ins give sane figures", async () => {
  const figure = await measureSignInRoundTrip({ signIns: 3 });
  assert.equal(figure.signIns, 3);
  for (const key of ["totalP50Ms", "totalP99Ms", "insideP50Ms", "insideP99Ms", "providerP50Ms"] as const) {
    assert.ok(Number.isFinite(figure[key]) && figure[key] > 0, `${key} = ${figure[key]}`);
  }
  assert.ok(figure.insideP50Ms <= figure.totalP50Ms, "Gatehouse's share is part of the total");
  assert.ok(figure.totalP50Ms <= figure.totalP99Ms);
  assert.ok(figure.insideP50Ms <= figure.insideP99Ms);
});
