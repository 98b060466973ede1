import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { withSignedInNoscript } from "./index-session.ts";

const PAGE =
  '<!doctype html><html><body><div id="root"></div><noscript><p class="noscript">This page needs JavaScript. You can still <a href="/api/auth/signin">sign in</a>.</p></noscript></body></html>';

const request = (language?: string) =>
  new Request("http://localhost:3000/", { headers: language ? { "accept-language": language } : {} });

// Issue 23: without JavaScript the first screen after signing in asked to sign in.
describe("withSignedInNoscript", () => {
  it("names the person and offers the protected page and sign-out, not sign-in", () => {
    const html = withSignedInNoscript(PAGE, { name: "Ana", email: "ana@example.test" }, request(), undefined);
    assert.match(
      html,
      /<noscript><p class="noscript">Signed in as <strong>Ana<\/strong>\. <a href="\/protected">Open the protected page<\/a> or <a href="\/api\/auth\/signout">sign out<\/a>\.<\/p><\/noscript>/,
    );
    assert.doesNotMatch(html, /needs JavaScript|\/api\/auth\/signin/);
  });

  it("the address when there is no name; escaped; in the request's language", () => {
    const html = withSignedInNoscript(
      PAGE,
      { name: null, email: "<b>$&@example.test" },
      request("de"),
      undefined,
    );
    assert.match(html, /Angemeldet als <strong>&#60;b&#62;\$&#38;@example\.test<\/strong>\./);
    assert.match(html, /<a href="\/api\/auth\/signout">abmelden<\/a>/);
    const ja = withSignedInNoscript(PAGE, { email: "a@b.test" }, request("ja"), undefined);
    assert.match(ja, /<strong>a@b\.test<\/strong> でサインインしています。/);
  });

  it("nobody to name: the page as it was", () => {
    assert.equal(withSignedInNoscript(PAGE, {}, request(), undefined), PAGE);
  });
});
