import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { VerificationRequest } from "@gatehouse/core";
import { type Mail, type Mailbox, startMailbox } from "../../core/test/support/mailbox.ts";
import { smtpSender } from "./smtp-sender.ts";

// The whole flow (request form → mail → confirmation page) runs over SMTP in
// packages/core/test/email.test.ts; this file pins what the sender itself puts in a mail. Both use
// the one test mailbox (a real smtp-server) of core's test support.

const REFUSED = "refused@example.test";

describe("smtpSender against a real SMTP server", () => {
  let mailbox: Mailbox;
  let inbox: Mail[];
  let send: (request: VerificationRequest) => Promise<void>;

  before(async () => {
    mailbox = await startMailbox({ refuse: [REFUSED] });
    inbox = mailbox.messages;
    const transport = { host: "127.0.0.1", port: mailbox.port, secure: false, ignoreTLS: true };
    send = smtpSender({ server: transport, from: "Example <no-reply@example.test>" });
  });
  after(() => mailbox.close());

  /** Sends one link and returns the mail the server received. */
  async function mailFor(overrides: { url?: string; identifier?: string; brandColor?: string }) {
    const sent = inbox.length;
    await send(request(overrides));
    assert.equal(inbox.length, sent + 1, "exactly one mail arrived");
    return inbox[sent]!;
  }

  test("the mail reaches the address, carries the link, and its subject names the host", async () => {
    const url = "https://app.example.test/api/auth/callback/email?token=abc&email=grace%40example.test";
    const mail = await mailFor({ url });
    assert.deepEqual(mail.to, ["grace@example.test"]);
    assert.equal(mail.subject, "Sign in to app.example.test");
    assert.ok(mail.text.split(/\r?\n/).includes(url), "the text part has the link on a line of its own");
    assert.ok(mail.html.includes(`href="${url.replace("&", "&#38;")}"`), "the button links to it");
  });

  test("the HTML escapes the URL and breaks the host with zero-width spaces", async () => {
    // The sender gets the URL as a string; core builds it, but the sender must not trust it to be inert.
    const url = `https://app.example.test/cb?next="><script>alert(1)</script>&x='`;
    const { html } = await mailFor({ url });
    assert.doesNotMatch(html, /<script/i);
    const escaped =
      "https://app.example.test/cb?next=&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#38;x=&#39;";
    assert.ok(html.includes(`href="${escaped}"`), "every markup character of the URL is an entity");
    // A mail client would otherwise turn the bare host into a link of its own.
    assert.match(html, /<strong>app&#8203;\.example&#8203;\.test<\/strong>/);
  });

  test("a brand colour that is not a hex colour falls back to the default", async () => {
    const injected = await mailFor({ brandColor: "red;background:url(https://evil.test/x)" });
    assert.ok(!injected.html.includes("evil.test") && !injected.html.includes("red;"));
    assert.match(injected.html, /background:#346df1;/);
    const branded = await mailFor({ brandColor: "#0a7F3c" });
    assert.match(branded.html, /background:#0a7F3c;/);
  });

  test("the address never appears in the body, only in the envelope (CVE-2022-31127)", async () => {
    const identifier = "ada.lovelace@example.test";
    const url = `https://app.example.test/cb?token=t&email=${encodeURIComponent(identifier)}`;
    const mail = await mailFor({ identifier, url });
    assert.deepEqual(mail.to, [identifier]);
    // Only the link carries it (percent-encoded); outside the link no part of the mail has even a
    // piece of it, in whatever form (the HTML breaks dots with zero-width spaces).
    const text = mail.text.replace(url, "");
    const html = mail.html.replace(/href="[^"]*"/g, "");
    for (const piece of ["ada", "lovelace"]) {
      assert.ok(!text.toLowerCase().includes(piece), `"${piece}" is not in the text part`);
      assert.ok(!html.toLowerCase().includes(piece), `"${piece}" is not in the HTML part`);
    }
  });

  test("a recipient the server refuses rejects the send", async () => {
    const sent = inbox.length;
    await assert.rejects(send(request({ identifier: REFUSED })));
    assert.equal(inbox.length, sent, "nothing was delivered");
  });
});

function request(input: { url?: string; identifier?: string; brandColor?: string }): VerificationRequest {
  return {
    identifier: input.identifier ?? "grace@example.test",
    url: input.url ?? "https://app.example.test/api/auth/callback/email?token=abc",
    expires: new Date(Date.now() + 86_400_000),
    provider: { id: "email", name: "Email", type: "email", sendVerificationRequest: async () => {} },
    theme: input.brandColor === undefined ? {} : { brandColor: input.brandColor },
  };
}
