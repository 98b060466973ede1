import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { VerificationRequest } from "@gatehouse/core";
import { createDevMailbox, renderDevMailbox } from "./dev-mailbox.ts";

const AT = new Date("2030-01-02T03:04:05Z");

function request(identifier: string, url: string): VerificationRequest {
  return {
    identifier,
    url,
    expires: new Date(AT.getTime() + 86_400_000),
    provider: { id: "email", name: "Email", type: "email", sendVerificationRequest: async () => {} },
    theme: {},
  };
}

const link = (n: number) =>
  `http://localhost:3000/api/auth/callback/email?token=t${n}&email=a%40example.test`;

describe("createDevMailbox", () => {
  it("keeps each link, newest first, and prints it in the log", async () => {
    const lines: string[] = [];
    const mailbox = createDevMailbox({ log: (line) => lines.push(line), now: () => AT });
    await mailbox.send(request("a@example.test", link(1)));
    await mailbox.send(request("b@example.test", link(2)));
    assert.deepEqual(mailbox.messages(), [
      { to: "b@example.test", url: link(2), at: AT },
      { to: "a@example.test", url: link(1), at: AT },
    ]);
    assert.deepEqual(lines, [
      `[dev mailbox] sign-in link for a@example.test: ${link(1)}`,
      `[dev mailbox] sign-in link for b@example.test: ${link(2)}`,
    ]);
  });

  it("keeps only the last 50 messages", async () => {
    const mailbox = createDevMailbox({ log: () => {} });
    for (let n = 1; n <= 60; n++) await mailbox.send(request(`user${n}@example.test`, link(n)));
    const messages = mailbox.messages();
    assert.equal(messages.length, 50);
    assert.equal(messages[0]?.to, "user60@example.test");
    assert.equal(messages.at(-1)?.to, "user11@example.test");
  });

  it("hands out copies: a caller cannot change what is kept", async () => {
    const mailbox = createDevMailbox({ log: () => {} });
    await mailbox.send(request("a@example.test", link(1)));
    mailbox.messages().length = 0;
    assert.equal(mailbox.messages().length, 1);
  });
});

describe("renderDevMailbox", () => {
  it("lists the messages newest first, each link as an <a>", () => {
    const html = renderDevMailbox([
      { to: "b@example.test", url: link(2), at: AT },
      { to: "a@example.test", url: link(1), at: AT },
    ]);
    assert.match(html, /^<!doctype html>\n<html lang="en">/);
    assert.match(html, /<title>Dev mailbox<\/title>/);
    const hrefs = [...html.matchAll(/<a href="([^"]+)">Sign in as ([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    assert.deepEqual(hrefs, [
      [link(2).replaceAll("&", "&#38;"), "b@example.test"],
      [link(1).replaceAll("&", "&#38;"), "a@example.test"],
    ]);
    assert.match(html, /<time datetime="2030-01-02T03:04:05\.000Z">/);
  });

  it("escapes the address and the link: a <script> in them stays text", () => {
    const to = `<script>alert(1)</script>"'@example.test`;
    const url = `http://localhost:3000/x?"><script>alert(2)</script>`;
    const html = renderDevMailbox([{ to, url, at: AT }]);
    assert.doesNotMatch(html, /<script/i);
    assert.match(html, /Sign in as &#60;script&#62;alert\(1\)&#60;\/script&#62;&#34;&#39;@example\.test/);
    assert.match(
      html,
      /href="http:\/\/localhost:3000\/x\?&#34;&#62;&#60;script&#62;alert\(2\)&#60;\/script&#62;"/,
    );
  });

  it("does not make a link of anything but http(s)", () => {
    const html = renderDevMailbox([{ to: "a@example.test", url: "javascript:alert(1)", at: AT }]);
    assert.doesNotMatch(html, /<a href="javascript:/);
    assert.match(html, /Sign in as a@example\.test/);
  });

  it("says so when there are no messages, and has no inline script or style", () => {
    const html = renderDevMailbox([]);
    assert.match(html, /No messages yet/);
    assert.doesNotMatch(html, /<script|<style|\sstyle=|\son[a-z]+=/i);
  });
});
