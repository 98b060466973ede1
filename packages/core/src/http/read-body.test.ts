import assert from "node:assert/strict";
import { test } from "node:test";
import { AuthError } from "../errors/auth-error.ts";
import type { ErrorCode } from "../errors/catalogue.ts";
import { MAX_JSON_DEPTH } from "./json-shape.ts";
import { MAX_BODY_BYTES, MAX_BODY_FIELDS, readBody } from "./read-body.ts";

const URL_ = "http://localhost:3000/api/auth/session";
const FORM = "application/x-www-form-urlencoded";
const JSON_ = "application/json";

function post(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request(URL_, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

function form(body: string): Request {
  return post(body, { "content-type": FORM });
}

function json(body: string): Request {
  return post(body, { "content-type": JSON_ });
}

/** A body streamed in `chunk`-byte pieces with no Content-Length, up to `total` bytes (or forever). */
function streamed(
  chunk: number,
  total = Number.POSITIVE_INFINITY,
): { stream: ReadableStream<Uint8Array>; sent: () => number } {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(chunk, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x61)); // "a"
    },
  });
  return { stream, sent: () => sent };
}

async function rejectsWith(request: Request, code: ErrorCode): Promise<void> {
  await assert.rejects(readBody(request), (error: unknown) => {
    assert.ok(error instanceof AuthError, String(error));
    assert.equal(error.code, code);
    assert.equal(error.status, 400);
    return true;
  });
}

test("form bodies are read as a record of strings", async () => {
  const body = await readBody(
    form("csrfToken=abc&callbackUrl=%2Fdashboard%3Fx%3D1&name=two+words&empty=&json=true"),
  );
  assert.deepEqual(
    { ...body },
    {
      csrfToken: "abc",
      callbackUrl: "/dashboard?x=1",
      name: "two words",
      empty: "",
      json: "true",
    },
  );
});

test("content types are matched without parameters and case-insensitively", async () => {
  assert.deepEqual(
    { ...(await readBody(post("a=1", { "content-type": `${FORM}; charset=UTF-8` }))) },
    { a: "1" },
  );
  assert.deepEqual(
    { ...(await readBody(post('{"a":"1"}', { "content-type": "Application/JSON ; charset=utf-8" }))) },
    {
      a: "1",
    },
  );
});

test("JSON objects: strings kept, booleans and numbers become their text, null fields dropped", async () => {
  const body = await readBody(json('{"csrfToken":"abc","json":true,"n":1.5,"z":0,"f":false,"gone":null}'));
  assert.deepEqual({ ...body }, { csrfToken: "abc", json: "true", n: "1.5", z: "0", f: "false" });
});

test("the JSON `data` field (POST session update) is kept as JSON text", async () => {
  const data = { name: "New name", nested: { list: [1, "two"] } };
  const body = await readBody(json(JSON.stringify({ csrfToken: "abc", data })));
  assert.equal(body.csrfToken, "abc");
  assert.equal(typeof body.data, "string");
  assert.deepEqual(JSON.parse(body.data!), data);
  assert.equal((await readBody(json('{"data":[1,2]}'))).data, "[1,2]");
  assert.equal((await readBody(json('{"data":"plain"}'))).data, "plain");
});

test("an empty body is an empty record", async () => {
  assert.deepEqual({ ...(await readBody(form(""))) }, {});
  assert.deepEqual({ ...(await readBody(json(""))) }, {});
  assert.deepEqual({ ...(await readBody(post(null, { "content-type": FORM }))) }, {});
});

test("JSON that is not an object is InvalidBody", async () => {
  for (const text of [
    "[]",
    '["a"]',
    "null",
    '"string"',
    "42",
    "true",
    "{",
    "{'a':1}",
    '{"a":1,}',
    "undefined",
  ]) {
    await rejectsWith(json(text), "InvalidBody");
  }
});

test("a JSON field that is an object or array (other than data) is InvalidBody", async () => {
  for (const text of ['{"a":{"b":"c"}}', '{"a":["x"]}', '{"csrfToken":{"$ne":""}}', '{"a":[]}', '{"a":{}}']) {
    await rejectsWith(json(text), "InvalidBody");
  }
});

test("other or missing content types are InvalidContentType", async () => {
  const types = [
    "text/plain",
    "text/plain;charset=UTF-8",
    "multipart/form-data; boundary=x",
    "application/jsonx",
    "application/json-patch+json",
    "application/ld+json",
    "text/json",
    `${FORM}x`,
    "application/xml",
    "",
  ];
  for (const type of types)
    await rejectsWith(post('{"a":"1"}', { "content-type": type }), "InvalidContentType");
  // No Content-Type header at all (a byte body gets none by default).
  const bare = post(new TextEncoder().encode("a=1"));
  assert.equal(bare.headers.get("content-type"), null);
  await rejectsWith(bare, "InvalidContentType");
});

test("a body of exactly 64 KiB is read", async () => {
  const text = `a=${"b".repeat(MAX_BODY_BYTES - 2)}`;
  const body = await readBody(form(text));
  assert.equal(body.a?.length, MAX_BODY_BYTES - 2);
  const { stream } = streamed(1000, MAX_BODY_BYTES);
  const fromStream = await readBody(post(stream, { "content-type": FORM }));
  assert.equal(Object.keys(fromStream)[0]?.length, MAX_BODY_BYTES);
});

test("an honest Content-Length over 64 KiB is BodyTooLarge before anything is read", async () => {
  const honest = post(`a=${"b".repeat(MAX_BODY_BYTES)}`, {
    "content-type": FORM,
    "content-length": String(MAX_BODY_BYTES + 2),
  });
  await rejectsWith(honest, "BodyTooLarge");
  assert.equal(honest.bodyUsed, false);
});

test("a body over 64 KiB without Content-Length is BodyTooLarge", async () => {
  await rejectsWith(form(`a=${"b".repeat(MAX_BODY_BYTES - 1)}`), "BodyTooLarge");
  await rejectsWith(json(JSON.stringify({ a: "b".repeat(MAX_BODY_BYTES) })), "BodyTooLarge");
  const { stream } = streamed(1000, MAX_BODY_BYTES + 1);
  await rejectsWith(post(stream, { "content-type": FORM }), "BodyTooLarge");
});

test("an endless streamed body stops being read just past 64 KiB", async () => {
  const { stream, sent } = streamed(16 * 1024);
  await rejectsWith(post(stream, { "content-type": JSON_ }), "BodyTooLarge");
  assert.ok(sent() <= MAX_BODY_BYTES + 2 * 16 * 1024, `read ${sent()} bytes`);
});

test("a Content-Length that understates the body does not get past the limit", async () => {
  const { stream } = streamed(8 * 1024, 10 * MAX_BODY_BYTES);
  await rejectsWith(post(stream, { "content-type": FORM, "content-length": "10" }), "BodyTooLarge");
});

test("a body stream that fails is InvalidBody", async () => {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("a="));
      controller.error(new Error("connection reset"));
    },
  });
  await rejectsWith(post(stream, { "content-type": FORM }), "InvalidBody");
});

test("invalid UTF-8 is InvalidBody", async () => {
  const invalid = [
    [0x61, 0x3d, 0xff], // a=<0xFF>
    [0x61, 0x3d, 0xc0, 0xaf], // overlong "/"
    [0x61, 0x3d, 0xed, 0xa0, 0x80], // an encoded surrogate
    [0x61, 0x3d, 0xe2, 0x82], // truncated sequence
  ];
  for (const bytes of invalid) {
    await rejectsWith(post(new Uint8Array(bytes), { "content-type": FORM }), "InvalidBody");
  }
  const jsonBytes = [...new TextEncoder().encode('{"a":"'), 0xff, ...new TextEncoder().encode('"}')];
  await rejectsWith(post(new Uint8Array(jsonBytes), { "content-type": JSON_ }), "InvalidBody");
});

test("multi-byte UTF-8 split across stream chunks is decoded whole", async () => {
  const bytes = new TextEncoder().encode('{"name":"é😀"}');
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
      controller.close();
    },
  });
  assert.equal((await readBody(post(stream, { "content-type": JSON_ }))).name, "é😀");
});

test("__proto__ and other Object.prototype names are plain fields and pollute nothing", async () => {
  const fromForm = await readBody(form("__proto__=x&constructor=y&toString=z"));
  assert.equal(Object.hasOwn(fromForm, "__proto__"), true);
  assert.equal(Object.getOwnPropertyDescriptor(fromForm, "__proto__")?.value, "x");
  assert.equal(fromForm.constructor, "y");
  assert.equal(fromForm.toString, "z");

  const fromJson = await readBody(json('{"__proto__":"x","polluted":"no"}'));
  assert.equal(Object.hasOwn(fromJson, "__proto__"), true);
  assert.equal(Object.getOwnPropertyDescriptor(fromJson, "__proto__")?.value, "x");

  await rejectsWith(json('{"__proto__":{"polluted":"yes"}}'), "InvalidBody");
  await rejectsWith(json('{"constructor":{"prototype":{"polluted":"yes"}}}'), "InvalidBody");
  const data = await readBody(json('{"data":{"__proto__":{"polluted":"yes"}}}'));
  assert.equal(data.data, '{"__proto__":{"polluted":"yes"}}');

  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(Object.hasOwn(Object.prototype, "polluted"), false);
});

test("a field that was not sent is undefined, even one named like an Object.prototype member", async () => {
  const body = await readBody(form("a=1"));
  for (const name of ["csrfToken", "toString", "constructor", "hasOwnProperty", "__proto__", "valueOf"]) {
    assert.equal(body[name], undefined, name);
  }
});

// Issue 22, item 11: `{"data": [[[…]]]}` 20,000 deep (40 KB) overflowed the stack when `data` was
// serialised again, and the request answered 500 Configuration.
test("JSON nested deeper than MAX_JSON_DEPTH is InvalidBody, before it is parsed or walked", async () => {
  const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
  for (const text of [
    `{"csrfToken":"abc","data":${deep(20_000)}}`,
    `{"a":${deep(20_000)}}`,
    deep(20_000),
    `{"data":${deep(MAX_JSON_DEPTH)}}`,
  ]) {
    await rejectsWith(json(text), "InvalidBody");
  }
  // Just within: the object itself is one level, `data` the rest.
  const within = await readBody(json(`{"data":${deep(MAX_JSON_DEPTH - 1)}}`));
  assert.equal(within.data, deep(MAX_JSON_DEPTH - 1));
  // Brackets in a string are text.
  assert.equal((await readBody(json(`{"a":"${"[".repeat(20_000)}"}`))).a?.length, 20_000);
});

test("more than MAX_BODY_FIELDS fields is BodyTooLarge, form or JSON", async () => {
  const fields = (n: number) => Array.from({ length: n }, (_, i) => `f${i}=x`).join("&");
  assert.equal(Object.keys(await readBody(form(fields(MAX_BODY_FIELDS)))).length, MAX_BODY_FIELDS);
  await rejectsWith(form(fields(MAX_BODY_FIELDS + 1)), "BodyTooLarge");
  await rejectsWith(form("a=&".repeat(20_000)), "BodyTooLarge");
  const members = (n: number) => `{${Array.from({ length: n }, (_, i) => `"f${i}":"x"`).join(",")}}`;
  assert.equal(Object.keys(await readBody(json(members(MAX_BODY_FIELDS)))).length, MAX_BODY_FIELDS);
  await rejectsWith(json(members(MAX_BODY_FIELDS + 1)), "BodyTooLarge");
});
