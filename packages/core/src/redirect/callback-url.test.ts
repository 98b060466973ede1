import assert from "node:assert/strict";
import { test } from "node:test";
import { sameOriginUrl } from "./callback-url.ts";

const ORIGIN = "http://localhost:3000";

/** Values that must never be followed (docs/protocol.md §4): each one names the trick it tries. */
const OPEN_REDIRECTS: ReadonlyArray<[trick: string, value: string]> = [
  ["other host", "https://evil.com/"],
  ["other host, no path", "http://evil.com"],
  ["other scheme is another origin", "https://localhost:3000"],
  ["other port", "http://localhost:3001"],
  ["default port is another origin", "http://localhost/"],
  ["explicit :80 is another origin", "http://localhost:80/"],
  ["our host as a subdomain label", "http://localhost:3000.evil.com"],
  ["our host as user-info", "http://localhost:3000@evil.com"],
  ["encoded colon in user-info", "http://localhost%3A3000@evil.com"],
  ["user-info on our own origin", "http://user:pass@localhost:3000/"],
  ["user only on our own origin", "http://user@localhost:3000/"],
  ["our host after a fragment", "http://evil.com#@localhost:3000"],
  ["our host after a query", "http://evil.com?@localhost:3000"],
  ["our host after a backslash", "http://evil.com\\@localhost:3000"],
  ["scheme-relative", "//evil.com"],
  ["scheme-relative with path", "//evil.com/dashboard"],
  ["three slashes", "///evil.com"],
  ["four slashes", "////evil.com"],
  ["slash backslash", "/\\evil.com"],
  ["backslash slash", "\\/evil.com"],
  ["two backslashes", "\\\\evil.com"],
  ["scheme and backslashes", "http:\\\\evil.com"],
  ["slash backslash slash", "/\\/evil.com"],
  ["scheme with three slashes", "http:///evil.com"],
  ["leading space", " //evil.com"],
  ["leading tab", "\t//evil.com"],
  ["tab between slashes", "/\t/evil.com"],
  ["newline between slashes", "/\n/evil.com"],
  ["carriage return between slashes", "/\r/evil.com"],
  ["trailing newline", "http://evil.com\n"],
  ["newline inside the scheme", "java\nscript:alert(1)"],
  ["tab inside the scheme", "java\tscript:alert(1)"],
  ["leading NUL", "\u0000//evil.com"],
  ["DEL", "/\u007f/evil.com"],
  ["no-break space", "\u00a0//evil.com"],
  ["byte-order mark", "\ufeff//evil.com"],
  ["line separator", "\u2028//evil.com"],
  ["javascript:", "javascript:alert(1)"],
  ["mixed-case javascript:", "JaVaScRiPt:alert(1)"],
  ["javascript: made to look like a path", "javascript://localhost:3000/%0aalert(1)"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["blob: of our origin", "blob:http://localhost:3000/uuid"],
  ["vbscript:", "vbscript:x"],
  ["file:", "file:///etc/passwd"],
  ["ftp: on our host and port", "ftp://localhost:3000/"],
  ["ws: on our host and port", "ws://localhost:3000/"],
  ["about:", "about:blank"],
  ["mailto:", "mailto:a@evil.com"],
  ["https without slashes", "https:evil.com"],
  ["ideographic full stop", "http://evil\u3002com"],
  ["ideographic full stop after our host", "http://localhost:3000\u3002evil.com"],
  ["fullwidth letter", "http://\uff45vil.com"],
  ["IDN homograph", "http://\u0430pple.com"],
  ["punycode host", "http://xn--80ak6aa92e.com"],
  ["IPv6 loopback on our port", "http://[::1]:3000"],
  ["IPv4 loopback on our port", "http://127.0.0.1:3000"],
  ["hex IPv4 loopback on our port", "http://0x7f.1:3000/"],
  ["two ports", "http://localhost:3000:80/"],
  ["unparseable", "http://[evil"],
  ["too long (2049 characters)", `/${"a".repeat(2048)}`],
  ["very long", `/${"a".repeat(100_000)}`],
];

test("open-redirect corpus: every value is refused for origin http://localhost:3000", () => {
  for (const [trick, value] of OPEN_REDIRECTS) {
    assert.equal(sameOriginUrl(value, ORIGIN), null, `${trick}: ${JSON.stringify(value)}`);
  }
});

test("non-string and empty values are refused", () => {
  for (const value of [undefined, null, 42, 0, true, {}, [], ["/"], { href: "/" }, new URL(ORIGIN), ""]) {
    assert.equal(sameOriginUrl(value, ORIGIN), null, String(value));
  }
});

test("same-origin paths, queries and absolute URLs are accepted and returned normalized and absolute", () => {
  const cases: ReadonlyArray<[string, string]> = [
    ["/", "http://localhost:3000/"],
    ["/dashboard?x=1#h", "http://localhost:3000/dashboard?x=1#h"],
    ["http://localhost:3000/a", "http://localhost:3000/a"],
    ["http://localhost:3000", "http://localhost:3000/"],
    ["HTTP://LOCALHOST:3000/a", "http://localhost:3000/a"],
    ["?q=1", "http://localhost:3000/?q=1"],
    ["#top", "http://localhost:3000/#top"],
    ["dashboard", "http://localhost:3000/dashboard"],
    ["./a/../b", "http://localhost:3000/b"],
    ["/a/b/../../c", "http://localhost:3000/c"],
    [`/${"a".repeat(2047)}`, `http://localhost:3000/${"a".repeat(2047)}`],
  ];
  for (const [value, expected] of cases) {
    assert.equal(sameOriginUrl(value, ORIGIN), expected, JSON.stringify(value));
  }
});

test("values that look like tricks but parse to a path on our origin stay on our origin", () => {
  // Percent-encoded slashes and backslashes are not separators: the parser keeps them in the path.
  // `http:evil.com` and `http:/evil.com` against an http base are WHATWG relative references, i.e.
  // the path `/evil.com` on our own origin. `/.//evil.com` normalizes to the path `//evil.com`; that
  // is only safe because the result is absolute (a caller must never strip it back to a path).
  const cases: ReadonlyArray<[string, string]> = [
    ["%2F%2Fevil.com", "http://localhost:3000/%2F%2Fevil.com"],
    ["/%2F%2Fevil.com", "http://localhost:3000/%2F%2Fevil.com"],
    ["/%5Cevil.com", "http://localhost:3000/%5Cevil.com"],
    ["/%09/evil.com", "http://localhost:3000/%09/evil.com"],
    ["http:evil.com", "http://localhost:3000/evil.com"],
    ["http:/evil.com", "http://localhost:3000/evil.com"],
    ["/.//evil.com", "http://localhost:3000//evil.com"],
    ["/..//evil.com", "http://localhost:3000//evil.com"],
  ];
  for (const [value, expected] of cases) {
    const result = sameOriginUrl(value, ORIGIN);
    assert.equal(result, expected, JSON.stringify(value));
    const parsed = new URL(result!);
    assert.equal(parsed.origin, ORIGIN, JSON.stringify(value));
    assert.equal(parsed.username + parsed.password, "", JSON.stringify(value));
  }
});

test("every accepted value is an absolute http(s) URL on the origin", () => {
  const everything = [
    ...OPEN_REDIRECTS.map(([, value]) => value),
    "/",
    "?q=1",
    "dashboard",
    "http:evil.com",
    "%2F%2Fevil.com",
  ];
  for (const value of everything) {
    const result = sameOriginUrl(value, ORIGIN);
    if (result === null) continue;
    assert.equal(new URL(result).origin, ORIGIN, JSON.stringify(value));
    assert.ok(result.startsWith(`${ORIGIN}/`), JSON.stringify(value));
  }
});

test("an https origin refuses its http twin", () => {
  const origin = "https://app.example.com";
  assert.equal(sameOriginUrl("https://app.example.com/x", origin), "https://app.example.com/x");
  assert.equal(sameOriginUrl("http://app.example.com/x", origin), null);
  assert.equal(sameOriginUrl("https://app.example.com:443/x", origin), "https://app.example.com/x");
  assert.equal(sameOriginUrl("https://app.example.com:8443/x", origin), null);
  assert.equal(sameOriginUrl("//evil.com", origin), null);
  assert.equal(sameOriginUrl("/x", origin), "https://app.example.com/x");
});

test("allowedOrigins allows exactly the listed origins and nothing else", () => {
  const allowed = new Set(["https://app.example.com"]);
  assert.equal(
    sameOriginUrl("https://app.example.com/x?y=1", ORIGIN, allowed),
    "https://app.example.com/x?y=1",
  );
  assert.equal(sameOriginUrl("https://APP.example.com", ORIGIN, allowed), "https://app.example.com/");
  assert.equal(sameOriginUrl("/still-ours", ORIGIN, allowed), "http://localhost:3000/still-ours");
  const refused = [
    "http://app.example.com/x", // the http twin of an allowed https origin
    "https://app.example.com:8443/x",
    "https://other.example.com/",
    "https://example.com/",
    "https://app.example.com.evil.com/",
    "https://app.example.com@evil.com/",
    "https://user@app.example.com/",
    "//evil.com",
    "javascript:alert(1)",
    "blob:https://app.example.com/uuid",
  ];
  for (const value of refused) assert.equal(sameOriginUrl(value, ORIGIN, allowed), null, value);
  assert.equal(sameOriginUrl("https://app.example.com/", ORIGIN, new Set()), null);
  assert.equal(sameOriginUrl("https://app.example.com/", ORIGIN), null);
});
