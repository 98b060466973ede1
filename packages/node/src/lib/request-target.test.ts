import assert from "node:assert/strict";
import type { IncomingMessage } from "node:http";
import { test } from "node:test";
import { requestTarget, requestUrl } from "./request-target.ts";

function incoming(url: string, rawHeaders: string[], extra: Record<string, unknown> = {}): IncomingMessage {
  return { url, rawHeaders, socket: {}, ...extra } as unknown as IncomingMessage;
}

test("the URL: scheme from the socket, the first Host, then the target as sent", () => {
  assert.equal(requestUrl(incoming("/a?b=1", ["Host", "h:1"]), "/a?b=1"), "http://h:1/a?b=1");
  const tls = incoming("/a", ["host", "h"], { socket: { encrypted: true } });
  assert.equal(requestUrl(tls, "/a"), "https://h/a");
  assert.equal(requestUrl(incoming("/a", ["Host", "one", "Host", "two"]), "/a"), "http://one/a");
  assert.equal(requestUrl(incoming("/a", []), "/a"), "http://localhost/a", "HTTP/1.0 without Host");
  assert.equal(
    requestUrl(incoming("//evil.example/x", ["Host", "h"]), "//evil.example/x"),
    "http://h//evil.example/x",
    "appended, never resolved: the host stays ours",
  );
  assert.equal(
    requestUrl(incoming("http://h2/x", ["Host", "h"]), "http://h2/x"),
    "http://h2/x",
    "absolute form",
  );
});

test("the target: req.url, or Express's originalUrl under a mount path", () => {
  assert.equal(requestTarget(incoming("/api/auth/session", [])), "/api/auth/session");
  assert.equal(
    requestTarget(incoming("/session", [], { originalUrl: "/api/auth/session" })),
    "/api/auth/session",
  );
});
