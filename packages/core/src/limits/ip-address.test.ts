import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError } from "../errors/config-error.ts";
import { formatIp, inCidr, ipKey, normalizeIp, parseCidr, parseIp } from "./ip-address.ts";

test("IPv4 parses strictly", () => {
  assert.equal(normalizeIp("192.0.2.1"), "192.0.2.1");
  assert.equal(normalizeIp("0.0.0.0"), "0.0.0.0");
  assert.equal(normalizeIp("255.255.255.255"), "255.255.255.255");
  for (const bad of [
    "256.0.0.1",
    "1.2.3",
    "1.2.3.4.5",
    "01.2.3.4",
    "1.2.3.-4",
    "1.2.3.4 ",
    "127.1",
    "0x7f.0.0.1",
    "",
    "a.b.c.d",
    "1..2.3",
  ]) {
    assert.equal(parseIp(bad), null, bad);
  }
});

test("IPv6 parses and formats canonically (RFC 5952)", () => {
  const cases: [string, string][] = [
    ["::", "::"],
    ["::1", "::1"],
    ["2001:DB8:0:0:1:0:0:1", "2001:db8::1:0:0:1"],
    ["2001:db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
    ["2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"],
    ["2001:0:0:1:0:0:0:1", "2001:0:0:1::1"],
    ["fe80::", "fe80::"],
    ["1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"],
    ["64:ff9b::192.0.2.1", "64:ff9b::c000:201"],
    ["1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:102:304"],
  ];
  for (const [input, expected] of cases) assert.equal(normalizeIp(input), expected, input);
  for (const bad of [
    ":::",
    "1::2::3",
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4:5:6:7",
    "12345::",
    "g::1",
    "::1%eth0",
    "1:",
    ":1",
    "1:2:3:4:5:6:7:8::",
    "::1.2.3",
    "::256.1.1.1",
    "1:2:3:4:5:6:7:1.2.3.4",
  ]) {
    assert.equal(parseIp(bad), null, bad);
  }
});

test("IPv4-mapped IPv6 is normalised to IPv4", () => {
  assert.deepEqual(parseIp("::ffff:192.0.2.1"), { version: 4, bytes: new Uint8Array([192, 0, 2, 1]) });
  assert.equal(normalizeIp("::FFFF:c000:0201"), "192.0.2.1");
  // IPv4-compatible (deprecated) and NAT64 addresses are not mapped: they stay IPv6.
  assert.equal(parseIp("::192.0.2.1")?.version, 6);
});

test("CIDR blocks parse, match and refuse typos", () => {
  const ten = parseCidr("10.0.0.0/8");
  assert.ok(inCidr(parseIp("10.200.3.4")!, ten));
  assert.ok(!inCidr(parseIp("11.0.0.1")!, ten));
  assert.ok(inCidr(parseIp("::ffff:10.1.2.3")!, ten), "an IPv4-mapped peer matches an IPv4 block");
  assert.ok(!inCidr(parseIp("::a01:203")!, ten), "IPv6 never matches an IPv4 block");
  const odd = parseCidr("192.168.0.0/23");
  assert.ok(inCidr(parseIp("192.168.1.255")!, odd));
  assert.ok(!inCidr(parseIp("192.168.2.0")!, odd));
  const v6 = parseCidr("2001:db8::/32");
  assert.ok(inCidr(parseIp("2001:db8:ffff::1")!, v6));
  assert.ok(!inCidr(parseIp("2001:db9::1")!, v6));
  const host = parseCidr("203.0.113.7");
  assert.equal(host.prefix, 32);
  assert.ok(inCidr(parseIp("203.0.113.7")!, host));
  assert.ok(!inCidr(parseIp("203.0.113.8")!, host));
  assert.ok(inCidr(parseIp("1.2.3.4")!, parseCidr("0.0.0.0/0")));
  assert.deepEqual(parseCidr("::ffff:10.0.0.0/104"), ten);
  for (const bad of [
    "10.0.0.0/33",
    "10.0.0.1/8",
    "10.0.0.0/",
    "10.0.0.0/08",
    "nope",
    "::/129",
    "10.0.0.0/-1",
    "10.0.0.0/8/8",
  ]) {
    assert.throws(() => parseCidr(bad), ConfigError, bad);
  }
});

test("ipKey: IPv4 as is, IPv6 by its /64", () => {
  assert.equal(ipKey(parseIp("192.0.2.1")!), "192.0.2.1");
  assert.equal(ipKey(parseIp("::ffff:192.0.2.1")!), "192.0.2.1");
  const a = ipKey(parseIp("2001:db8:1:2:aaaa:bbbb:cccc:dddd")!);
  const b = ipKey(parseIp("2001:db8:1:2::1")!);
  assert.equal(a, "2001:db8:1:2::/64");
  assert.equal(a, b);
  assert.notEqual(ipKey(parseIp("2001:db8:1:3::1")!), a);
  assert.equal(ipKey(parseIp("::1")!), "::/64");
  assert.equal(formatIp(parseIp("2001:db8::")!), "2001:db8::");
});
