import assert from "node:assert/strict";
import { test } from "node:test";
import { loginPage } from "./login-page.ts";

test("the form has a labelled user name input and a Sign in button posting to the interaction", () => {
  const html = loginPage({ uid: "abc_123", clientId: "app" });
  assert.match(html, /<form method="post" action="\/interaction\/abc_123">/);
  assert.match(html, /<label for="username">User name<\/label>/);
  assert.match(html, /<input id="username" name="username" type="text"/);
  assert.match(html, /<button type="submit">Sign in<\/button>/);
  assert.doesNotMatch(html, /role="alert"/);
});

test("every reflected value is escaped", () => {
  const html = loginPage({
    uid: "u",
    clientId: "<b>client</b>",
    userName: `"><script>alert('x')</script>`,
    error: "<i>bad</i>",
  });
  assert.ok(!html.includes("<script>"));
  assert.ok(!html.includes("<b>client"));
  assert.ok(!html.includes("<i>bad"));
  assert.ok(html.includes(`value="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"`));
  assert.ok(html.includes(`role="alert">&lt;i&gt;bad&lt;/i&gt;</p>`));
});
