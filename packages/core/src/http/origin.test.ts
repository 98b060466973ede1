import assert from "node:assert/strict";
import { test } from "node:test";
import { requestOrigin } from "./origin.ts";

const INTERNAL = "http://127.0.0.1:3000/api/auth/session";

function origin(headers: Record<string, string>, trustHost: boolean, url = INTERNAL): string {
  return requestOrigin(new Request(url, { headers }), new URL(url), trustHost);
}

test("without trustHost the request URL is the origin and forwarded headers are ignored", () => {
  assert.equal(origin({}, false), "http://127.0.0.1:3000");
  assert.equal(
    origin({ "x-forwarded-host": "evil.com", "x-forwarded-proto": "https" }, false),
    "http://127.0.0.1:3000",
  );
  assert.equal(origin({ "x-forwarded-proto": "https" }, false), "http://127.0.0.1:3000");
  assert.equal(
    origin({ "x-forwarded-host": "app.example.com" }, false, "https://app.test/x"),
    "https://app.test",
  );
});

test("with trustHost the forwarded host and proto are used", () => {
  assert.equal(
    origin({ "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" }, true),
    "https://app.example.com",
  );
  assert.equal(
    origin({ "x-forwarded-host": "app.example.com:8443", "x-forwarded-proto": "https" }, true),
    "https://app.example.com:8443",
  );
  assert.equal(
    origin({ "x-forwarded-host": "App.Example.COM", "x-forwarded-proto": "https" }, true),
    "https://app.example.com",
  );
  assert.equal(
    origin({ "x-forwarded-host": "[::1]:8080", "x-forwarded-proto": "http" }, true),
    "http://[::1]:8080",
  );
});

test("with trustHost and no forwarded proto, the request's scheme is kept", () => {
  assert.equal(origin({ "x-forwarded-host": "app.example.com" }, true), "http://app.example.com");
  assert.equal(
    origin({ "x-forwarded-host": "app.example.com" }, true, "https://internal/x"),
    "https://app.example.com",
  );
});

test("with trustHost and no forwarded host, the request URL is the origin", () => {
  assert.equal(origin({}, true), "http://127.0.0.1:3000");
  assert.equal(origin({ "x-forwarded-host": "" }, true), "http://127.0.0.1:3000");
  assert.equal(origin({ "x-forwarded-host": " , app.example.com" }, true), "http://127.0.0.1:3000");
});

test("with trustHost, X-Forwarded-Proto alone still sets the scheme", () => {
  // Bug: a TLS-terminating proxy that keeps the Host header and only adds `X-Forwarded-Proto: https`
  // (nginx's usual config, Heroku, AWS ALB) gets an http origin: insecure cookie names, no Secure.
  assert.equal(
    origin({ "x-forwarded-proto": "https" }, true, "http://app.example.com/api/auth/session"),
    "https://app.example.com",
  );
});

test("a forwarded host with the scheme's default port is that host", () => {
  // Bug: `app.example.com:443` parses to host `app.example.com`, the equality check then fails and
  // the internal URL's origin is used (e.g. nginx's `proxy_set_header X-Forwarded-Host $host:$server_port`).
  assert.equal(
    origin({ "x-forwarded-host": "app.example.com:443", "x-forwarded-proto": "https" }, true),
    "https://app.example.com",
  );
  assert.equal(
    origin({ "x-forwarded-host": "app.example.com:80", "x-forwarded-proto": "http" }, true),
    "http://app.example.com",
  );
});

test("comma-separated lists: the first value is used", () => {
  assert.equal(
    origin(
      { "x-forwarded-host": "app.example.com, proxy.internal", "x-forwarded-proto": "https,http" },
      true,
    ),
    "https://app.example.com",
  );
  assert.equal(
    origin({ "x-forwarded-host": "  app.example.com  ,evil.com", "x-forwarded-proto": " https " }, true),
    "https://app.example.com",
  );
});

test("a forwarded host that is not a bare host[:port] falls back to the request URL", () => {
  const hosts = [
    "evil.com/path",
    "evil.com/",
    "app.example.com@evil.com",
    "user:pass@app.example.com",
    "evil .com",
    "app.example.com evil.com",
    "evil.com?x=1",
    "evil.com#x",
    "evil.com\\x",
    "evil.com:99999",
    "evil.com:port",
    "https://evil.com",
    "//evil.com",
    "[::1",
    "evil.com%2Fx",
  ];
  for (const host of hosts) {
    assert.equal(
      origin({ "x-forwarded-host": host, "x-forwarded-proto": "https" }, true),
      "http://127.0.0.1:3000",
      JSON.stringify(host),
    );
  }
});

test("a forwarded proto other than http or https is ignored", () => {
  for (const proto of ["javascript", "ftp", "file", "ws", "https:", "https://", "", "data"]) {
    assert.equal(
      origin({ "x-forwarded-host": "app.example.com", "x-forwarded-proto": proto }, true),
      "http://app.example.com",
      JSON.stringify(proto),
    );
  }
  assert.equal(
    origin({ "x-forwarded-host": "app.example.com", "x-forwarded-proto": "ftp" }, true, "https://internal/x"),
    "https://app.example.com",
  );
});

test("the origin never carries a path, query or user-info", () => {
  const value = origin(
    { "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" },
    true,
    "http://internal:1/a/b?c#d",
  );
  assert.equal(value, "https://app.example.com");
  assert.equal(origin({}, false, "http://internal:1/a/b?c#d"), "http://internal:1");
});
