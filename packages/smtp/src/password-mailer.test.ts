import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { PasswordMail } from "@gatehouse/core";
import { type Mail, type Mailbox, startMailbox } from "../../core/test/support/mailbox.ts";
import { passwordMailer } from "./password-mailer.ts";

// Each password mail goes through the one test mailbox of core's test support: a real smtp-server.

const REFUSED = "refused@example.test";
const BASE = "https://app.example.test/api/auth";

describe("passwordMailer against a real SMTP server", () => {
  let mailbox: Mailbox;
  let inbox: Mail[];
  let send: (mail: PasswordMail) => Promise<void>;

  before(async () => {
    mailbox = await startMailbox({ refuse: [REFUSED] });
    inbox = mailbox.messages;
    const transport = { host: "127.0.0.1", port: mailbox.port, secure: false, ignoreTLS: true };
    send = passwordMailer({ server: transport, from: "Example <no-reply@example.test>" });
  });
  after(() => mailbox.close());

  /** Sends one mail and returns what the server received. */
  async function arrived(input: Partial<PasswordMail> & Pick<PasswordMail, "kind">): Promise<Mail> {
    const sent = inbox.length;
    await send(mail(input));
    assert.equal(inbox.length, sent + 1, "exactly one mail arrived");
    return inbox[sent]!;
  }

  const kinds = [
    {
      kind: "verify-email",
      url: `${BASE}/verify-email?token=v1&email=grace%40example.test`,
      expiresIn: 24 * 3600_000,
      subject: "Confirm your email for app.example.test",
      says: [/confirm that this address is yours/, /The link expires in 24 hours\./],
    },
    {
      kind: "reset-password",
      url: `${BASE}/reset-password?token=r1`,
      expiresIn: 3600_000,
      subject: "Reset your password for app.example.test",
      says: [/reset the password/, /The link expires in 1 hour\./, /works once/],
    },
    {
      kind: "account-exists",
      url: `${BASE}/forgot-password`,
      expiresIn: null,
      subject: "You already have an account on app.example.test",
      says: [/tried to create an account with this email address/, /reset it here/],
    },
    {
      kind: "password-changed",
      url: `${BASE}/forgot-password`,
      expiresIn: null,
      subject: "Your password for app.example.test was changed",
      says: [/password of your account was just changed/, /If you did not change it, reset it/],
    },
    {
      kind: "confirm-new-email",
      url: `${BASE}/change-email?token=c1&email=new%40example.test`,
      expiresIn: 24 * 3600_000,
      subject: "Confirm your new email for app.example.test",
      says: [/make this the email address of an account/, /takes effect only when you confirm/],
    },
    {
      kind: "email-change-requested",
      url: `${BASE}/forgot-password`,
      expiresIn: null,
      subject: "A change of your email on app.example.test was requested",
      says: [/move it to another email address/, /reset your password now/],
    },
    {
      kind: "new-sign-in",
      url: `${BASE}/forgot-password`,
      expiresIn: null,
      subject: "New sign-in to your account on app.example.test",
      says: [/from a browser it has not been used on before/, /If this was not you, reset your password/],
    },
  ] as const;

  for (const expected of kinds) {
    test(`${expected.kind}: its subject, its words and the link, in both parts`, async () => {
      const expires = expected.expiresIn === null ? null : new Date(Date.now() + expected.expiresIn);
      const message = await arrived({ kind: expected.kind, url: expected.url, expires });
      assert.deepEqual(message.to, ["grace@example.test"]);
      assert.equal(message.subject, expected.subject);
      const lines = message.text.split(/\r?\n/);
      assert.ok(lines.includes(expected.url), "the text part has the link on a line of its own");
      assert.ok(
        message.html.includes(`href="${expected.url.replaceAll("&", "&#38;")}"`),
        "the button links to it",
      );
      assert.match(message.html, /<strong>app&#8203;\.example&#8203;\.test<\/strong>/);
      for (const words of expected.says) {
        assert.match(message.text, words, "text part");
        assert.match(message.html, words, "HTML part");
      }
      // Only links that stop working say when.
      if (expected.expiresIn === null) assert.doesNotMatch(message.text, /expires/);
    });
  }

  test("an expiry is worded in minutes, hours or days, rounded", async () => {
    const wording = async (ms: number) =>
      /The link expires in ([^.]+)\./.exec(
        (await arrived({ kind: "verify-email", expires: new Date(Date.now() + ms) })).text,
      )?.[1];
    assert.equal(await wording(15 * 60_000), "15 minutes");
    assert.equal(await wording(90 * 60_000), "2 hours");
    assert.equal(await wording(72 * 3600_000), "3 days");
  });

  test("no raw HTML gets in: the URL is escaped, a brand colour that is not a hex colour is dropped", async () => {
    const url = `${BASE}/reset-password?token=t&next="><script>alert(1)</script>&x='`;
    const { html } = await arrived({
      kind: "reset-password",
      url,
      theme: { brandColor: "red;background:url(https://evil.test/x)" },
    });
    assert.doesNotMatch(html, /<script/i);
    const escaped = `${BASE}/reset-password?token=t&#38;next=&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#38;x=&#39;`;
    assert.ok(html.includes(`href="${escaped}"`), "every markup character of the URL is an entity");
    assert.ok(!html.includes("evil.test") && !html.includes("red;"));
    assert.match(html, /background:#346df1;/);
    const branded = await arrived({ kind: "password-changed", theme: { brandColor: "#0a7F3c" } });
    assert.match(branded.html, /background:#0a7F3c;/);
  });

  test("the address never appears in the body, only in the envelope (CVE-2022-31127)", async () => {
    const to = "ada.lovelace@example.test";
    for (const kind of ["verify-email", "reset-password", "account-exists", "password-changed"] as const) {
      const message = await arrived({ kind, to, url: `${BASE}/forgot-password` });
      assert.deepEqual(message.to, [to]);
      for (const piece of ["ada", "lovelace"]) {
        assert.ok(!message.text.toLowerCase().includes(piece), `${kind}: "${piece}" is not in the text`);
        assert.ok(!message.html.toLowerCase().includes(piece), `${kind}: "${piece}" is not in the HTML`);
      }
    }
  });

  test("a recipient the server refuses rejects the send", async () => {
    const sent = inbox.length;
    await assert.rejects(send(mail({ kind: "reset-password", to: REFUSED })));
    assert.equal(inbox.length, sent, "nothing was delivered");
  });
});

function mail(input: Partial<PasswordMail> & Pick<PasswordMail, "kind">): PasswordMail {
  return {
    to: "grace@example.test",
    url: `${BASE}/verify-email?token=abc`,
    expires: new Date(Date.now() + 3600_000),
    theme: {},
    ...input,
  };
}
