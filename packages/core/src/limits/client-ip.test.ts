import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError } from "../errors/config-error.ts";
import { clientIp, proxyTrust } from "./client-ip.ts";

function req(xff?: string | string[]): Request {
  const headers = new Headers();
  for (const value of xff === undefined ? [] : [xff].flat()) headers.append("x-forwarded-for", value);
  return new Request("https://app.example/api/auth/signin", { headers });
}

test("by default the socket address, X-Forwarded-For ignored", () => {
  assert.equal(clientIp(req("1.1.1.1"), { socketAddress: "203.0.113.5" }), "203.0.113.5");
  assert.equal(clientIp(req(), { socketAddress: "::ffff:203.0.113.5" }), "203.0.113.5");
  assert.equal(clientIp(req(), { socketAddress: "2001:DB8::1" }), "2001:db8::1");
  assert.equal(clientIp(req(), { socketAddress: undefined }), null);
  assert.equal(clientIp(req(), { socketAddress: "garbage" }), null);
});

test("hop count: the Nth entry from the right; extra left entries are ignored", () => {
  const one = proxyTrust(1);
  assert.equal(
    clientIp(req("198.51.100.7"), { socketAddress: "10.0.0.1", trustedProxies: one }),
    "198.51.100.7",
  );
  // The client prepends a forged entry: the proxy appends the real one to the right.
  assert.equal(
    clientIp(req("6.6.6.6, 198.51.100.7"), { socketAddress: "10.0.0.1", trustedProxies: one }),
    "198.51.100.7",
  );
  assert.equal(
    clientIp(req(["garbage, 6.6.6.6", "198.51.100.7"]), { socketAddress: "10.0.0.1", trustedProxies: 1 }),
    "198.51.100.7",
  );
  const two = proxyTrust(2);
  assert.equal(
    clientIp(req("6.6.6.6, 198.51.100.7, 10.0.0.9"), { socketAddress: "10.0.0.1", trustedProxies: two }),
    "198.51.100.7",
  );
  assert.equal(
    clientIp(req("198.51.100.7"), { socketAddress: "10.0.0.1", trustedProxies: two }),
    null,
    "too few entries",
  );
  assert.equal(
    clientIp(req(), { socketAddress: "10.0.0.1", trustedProxies: one }),
    null,
    "no header behind a proxy",
  );
  assert.equal(clientIp(req("6.6.6.6, not-an-ip"), { socketAddress: "10.0.0.1", trustedProxies: one }), null);
  assert.equal(clientIp(req("6.6.6.6, "), { socketAddress: "10.0.0.1", trustedProxies: one }), null);
  assert.equal(
    clientIp(req("[2001:db8::7]:443"), { socketAddress: "10.0.0.1", trustedProxies: one }),
    "2001:db8::7",
  );
  assert.equal(
    clientIp(req("198.51.100.7:5555"), { socketAddress: "10.0.0.1", trustedProxies: one }),
    "198.51.100.7",
  );
  assert.equal(
    clientIp(req("::ffff:198.51.100.7"), { socketAddress: "10.0.0.1", trustedProxies: one }),
    "198.51.100.7",
  );
});

test("trusted CIDRs: walk from the right skipping trusted proxies", () => {
  const trust = proxyTrust(["10.0.0.0/8", "fd00::/8"]);
  const at = (xff: string | undefined, socketAddress: string) =>
    clientIp(req(xff), { socketAddress, trustedProxies: trust });
  assert.equal(at("198.51.100.7", "10.0.0.1"), "198.51.100.7");
  assert.equal(at("6.6.6.6, 198.51.100.7, 10.1.1.1", "fd00::1"), "198.51.100.7");
  // An untrusted peer sent the header itself: it is the client, whatever it claims.
  assert.equal(at("10.0.0.5", "203.0.113.9"), "203.0.113.9");
  assert.equal(at("198.51.100.7", "::ffff:203.0.113.9"), "203.0.113.9");
  // A forged trusted-looking entry left of an untrusted one changes nothing.
  assert.equal(at("10.9.9.9, 198.51.100.7", "10.0.0.1"), "198.51.100.7");
  // All hops trusted: the leftmost is the client.
  assert.equal(at("10.2.2.2", "10.0.0.1"), "10.2.2.2");
  assert.equal(at(undefined, "10.0.0.1"), "10.0.0.1");
  // Garbage where a trusted proxy should have written an address: no guess.
  assert.equal(at("garbage", "10.0.0.1"), null);
  assert.equal(at("198.51.100.7, garbage", "10.0.0.1"), null);
  // Garbage to the left of the client is never read.
  assert.equal(at("garbage, 198.51.100.7", "10.0.0.1"), "198.51.100.7");
  assert.equal(at("198.51.100.7", "nope"), null);
  assert.equal(
    clientIp(req("198.51.100.7"), { socketAddress: "10.0.0.1", trustedProxies: ["10.0.0.0/8"] }),
    "198.51.100.7",
  );
});

test("misconfigured trust throws ConfigError", () => {
  for (const bad of [0, -1, 1.5, Number.NaN]) assert.throws(() => proxyTrust(bad), ConfigError, String(bad));
  assert.throws(() => proxyTrust([]), ConfigError);
  assert.throws(() => proxyTrust(["10.0.0.0/33"]), ConfigError);
  assert.throws(() => clientIp(req(), { socketAddress: "10.0.0.1", trustedProxies: ["nope"] }), ConfigError);
});
