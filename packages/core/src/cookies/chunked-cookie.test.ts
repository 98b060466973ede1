import assert from "node:assert/strict";
import { test } from "node:test";
import { CHUNK_SIZE, deleteChunked, readChunked, writeChunked } from "./chunked-cookie.ts";
import { parseCookies } from "./cookie.ts";
import { ResponseCookies } from "./response-cookies.ts";

const NAME = "gatehouse.session-token";
const SECURE_NAME = "__Secure-gatehouse.session-token";

/** The Set-Cookie lines a response would send, keyed by cookie name. */
function setCookies(out: ResponseCookies): Map<string, string> {
  const headers = new Headers();
  out.applyTo(headers);
  const lines = new Map<string, string>();
  for (const line of headers.getSetCookie()) lines.set(line.slice(0, line.indexOf("=")), line);
  return lines;
}

/** The raw (still encoded) value of a Set-Cookie line. */
function rawValue(line: string): string {
  return line.slice(line.indexOf("=") + 1, line.indexOf(";"));
}

/** What the browser would send back after storing these cookies: deleted ones are gone. */
function cookieJarAfter(out: ResponseCookies): Map<string, string> {
  const pairs: string[] = [];
  for (const line of setCookies(out).values()) {
    if (!/; Max-Age=0(;|$)/.test(line)) pairs.push(line.slice(0, line.indexOf(";")));
  }
  return parseCookies(pairs.join("; "));
}

function isDeletion(line: string | undefined): boolean {
  return line !== undefined && rawValue(line) === "" && /; Max-Age=0(;|$)/.test(line);
}

test("a short value is written as one plain cookie", () => {
  const out = new ResponseCookies(false);
  writeChunked(out, new Map(), NAME, "short", {});
  assert.deepEqual([...setCookies(out).keys()], [NAME]);
  assert.equal(readChunked(cookieJarAfter(out), NAME), "short");
});

test("a value of exactly CHUNK_SIZE encoded characters is one cookie; one more makes two", () => {
  const exact = new ResponseCookies(false);
  writeChunked(exact, new Map(), NAME, "a".repeat(CHUNK_SIZE), {});
  assert.deepEqual([...setCookies(exact).keys()], [NAME]);

  const over = new ResponseCookies(false);
  writeChunked(over, new Map(), NAME, "a".repeat(CHUNK_SIZE + 1), {});
  assert.deepEqual([...setCookies(over).keys()], [`${NAME}.0`, `${NAME}.1`]);
});

test("a 10 000-character value is written as .0 .1 .2, each within CHUNK_SIZE, and reassembles", () => {
  const value = "x".repeat(10_000);
  const out = new ResponseCookies(false);
  writeChunked(out, new Map(), NAME, value, {});
  const lines = setCookies(out);
  assert.deepEqual([...lines.keys()], [`${NAME}.0`, `${NAME}.1`, `${NAME}.2`]);
  for (const line of lines.values()) assert.ok(rawValue(line).length <= CHUNK_SIZE);
  assert.equal(readChunked(cookieJarAfter(out), NAME), value);
});

test("chunks are split on the encoded length and never inside a character", () => {
  // é is 6 encoded characters, 😀 is 12 (and two UTF-16 units), % and space are 3.
  const value = "é😀% a".repeat(2_000);
  const out = new ResponseCookies(false);
  writeChunked(out, new Map(), NAME, value, {});
  const lines = setCookies(out);
  assert.ok(lines.size > 1);
  for (const line of lines.values()) {
    const raw = rawValue(line);
    assert.ok(raw.length <= CHUNK_SIZE, `${raw.length} > ${CHUNK_SIZE}`);
    assert.doesNotThrow(() => decodeURIComponent(raw));
  }
  assert.equal(readChunked(cookieJarAfter(out), NAME), value);
});

test("chunks reassemble in numeric order whatever order the request lists them in", () => {
  const parts = Array.from({ length: 12 }, (_, i) => `part${i}-`);
  // Numeric, not lexical: .10 and .11 come after .9. The map is in a shuffled order.
  const order = [11, 3, 10, 0, 9, 1, 7, 2, 8, 4, 6, 5];
  const cookies = new Map(order.map((i) => [`${NAME}.${i}`, parts[i]!] as [string, string]));
  assert.equal(readChunked(cookies, NAME), parts.join(""));
});

test("a gap, a missing first chunk or an empty chunk makes the value unreadable", () => {
  const cases: Array<Array<[string, string]>> = [
    [
      [`${NAME}.0`, "a"],
      [`${NAME}.2`, "c"],
    ],
    [
      [`${NAME}.1`, "b"],
      [`${NAME}.2`, "c"],
    ],
    [
      [`${NAME}.0`, "a"],
      [`${NAME}.1`, ""],
      [`${NAME}.2`, "c"],
    ],
  ];
  for (const entries of cases)
    assert.equal(readChunked(new Map(entries), NAME), null, JSON.stringify(entries));
});

test("readChunked: absent is null; the plain cookie wins over chunks; unrelated names are ignored", () => {
  assert.equal(readChunked(new Map(), NAME), null);
  assert.equal(readChunked(new Map([[NAME, ""]]), NAME), null);
  assert.equal(
    readChunked(
      new Map([
        [`${NAME}.0`, "chunk"],
        [NAME, "plain"],
      ]),
      NAME,
    ),
    "plain",
  );
  const unrelated = new Map([
    [`${NAME}x`, "1"],
    [`${NAME}-2`, "2"],
    [`${NAME}.x`, "3"],
    [`${NAME}.0.1`, "4"],
    [`${NAME}.1234`, "5"],
    [`${NAME}.`, "6"],
    [`${NAME}.-1`, "7"],
    [`other.${NAME}.0`, "8"],
  ]);
  assert.equal(readChunked(unrelated, NAME), null);
  unrelated.set(`${NAME}.0`, "only");
  assert.equal(readChunked(unrelated, NAME), "only");
});

test("shrinking from three chunks to one deletes .0, .1 and .2 (Max-Age=0)", () => {
  const request = new Map([
    [`${NAME}.0`, "a"],
    [`${NAME}.1`, "b"],
    [`${NAME}.2`, "c"],
    ["other", "kept"],
  ]);
  const out = new ResponseCookies(false);
  writeChunked(out, request, NAME, "small", {});
  const lines = setCookies(out);
  assert.equal(rawValue(lines.get(NAME)!), "small");
  for (const i of [0, 1, 2]) assert.ok(isDeletion(lines.get(`${NAME}.${i}`)), `${NAME}.${i} is deleted`);
  assert.equal(lines.has("other"), false);
  assert.equal(lines.size, 4);
});

test("shrinking from three chunks to two overwrites .0 and .1 and deletes .2", () => {
  const request = new Map([
    [`${NAME}.0`, "a"],
    [`${NAME}.1`, "b"],
    [`${NAME}.2`, "c"],
  ]);
  const value = "y".repeat(CHUNK_SIZE + 10);
  const out = new ResponseCookies(false);
  writeChunked(out, request, NAME, value, {});
  const lines = setCookies(out);
  assert.equal(isDeletion(lines.get(`${NAME}.0`)), false);
  assert.equal(isDeletion(lines.get(`${NAME}.1`)), false);
  assert.ok(isDeletion(lines.get(`${NAME}.2`)));
  assert.equal(lines.has(NAME), false);
  assert.equal(readChunked(cookieJarAfter(out), NAME), value);
});

test("growing from a plain cookie to chunks deletes the plain cookie", () => {
  const request = new Map([[NAME, "old"]]);
  const value = "z".repeat(5_000);
  const out = new ResponseCookies(false);
  writeChunked(out, request, NAME, value, {});
  const lines = setCookies(out);
  assert.ok(isDeletion(lines.get(NAME)));
  assert.deepEqual([...lines.keys()].sort(), [NAME, `${NAME}.0`, `${NAME}.1`]);
  // The browser drops the plain cookie, so the chunks are what it reads next time.
  assert.equal(readChunked(cookieJarAfter(out), NAME), value);
});

test("rewriting a plain cookie as a plain cookie deletes nothing", () => {
  const out = new ResponseCookies(false);
  writeChunked(out, new Map([[NAME, "old"]]), NAME, "new", {});
  const lines = setCookies(out);
  assert.deepEqual([...lines.keys()], [NAME]);
  assert.equal(rawValue(lines.get(NAME)!), "new");
});

test("writeChunked passes the lifetime to every chunk", () => {
  const expires = new Date(Date.UTC(2030, 0, 1));
  const out = new ResponseCookies(true);
  writeChunked(out, new Map(), SECURE_NAME, "v".repeat(9_000), { maxAge: 3600, expires });
  for (const line of setCookies(out).values()) {
    assert.match(line, /; Max-Age=3600; Expires=Tue, 01 Jan 2030 00:00:00 GMT; Secure$/);
  }
});

test("deleteChunked deletes the plain cookie and every chunk in the request, and nothing else", () => {
  const request = new Map([
    [NAME, "p"],
    [`${NAME}.0`, "a"],
    [`${NAME}.1`, "b"],
    [`${NAME}.7`, "stray"],
    [`${NAME}x`, "unrelated"],
    ["gatehouse.csrf-token", "keep"],
  ]);
  const out = new ResponseCookies(false);
  deleteChunked(out, request, NAME);
  const lines = setCookies(out);
  assert.deepEqual([...lines.keys()].sort(), [NAME, `${NAME}.0`, `${NAME}.1`, `${NAME}.7`]);
  for (const line of lines.values()) assert.ok(isDeletion(line), line);
});

test("deleteChunked with nothing to delete sets no cookie", () => {
  const out = new ResponseCookies(false);
  deleteChunked(out, new Map([["other", "x"]]), NAME);
  assert.equal(out.size, 0);
});

test("every Set-Cookie line stays within the browser's 4096-byte limit", () => {
  const values = ["a".repeat(50_000), "é😀% a\"';,".repeat(5_000), "%".repeat(20_000)];
  for (const value of values) {
    const request = new Map(
      Array.from({ length: 30 }, (_, i) => [`${SECURE_NAME}.${i}`, "old"] as [string, string]),
    );
    const out = new ResponseCookies(true);
    writeChunked(out, request, SECURE_NAME, value, {
      maxAge: 30 * 24 * 60 * 60,
      expires: new Date(Date.UTC(2030, 11, 31, 23, 59, 59)),
    });
    const lines = setCookies(out);
    for (const line of lines.values()) {
      // Set-Cookie: is not counted by browsers, but count it anyway to keep a margin.
      const bytes = new TextEncoder().encode(`Set-Cookie: ${line}`).length;
      assert.ok(bytes <= 4096, `${bytes} bytes: ${line.slice(0, 60)}…`);
    }
    assert.equal(readChunked(cookieJarAfter(out), SECURE_NAME), value);
  }
});
