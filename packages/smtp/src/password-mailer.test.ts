import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { composePasswordMail, type PasswordMail } from "@gatehouse/core";
import { de } from "@gatehouse/core/languages/de";
import { ja } from "@gatehouse/core/languages/ja";
import { type Mail, type Mailbox, startMailbox } from "../../core/test/support/mailbox.ts";
import { passwordMailer } from "./password-mailer.ts";

// Core writes each mail (in the request's language; its words, escaping and brand colour are tested
// in packages/core/src/accounts/account-mail-content.test.ts); this pins what reaches a real SMTP
// server — core's test mailbox — through nodemailer: the envelope, the subject, both parts intact.

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
  async function arrived(mail: PasswordMail): Promise<Mail> {
    const sent = inbox.length;
    await send(mail);
    assert.equal(inbox.length, sent + 1, "exactly one mail arrived");
    return inbox[sent]!;
  }

  const kinds = [
    "verify-email",
    "reset-password",
    "account-exists",
    "password-changed",
    "confirm-new-email",
    "email-change-requested",
    "new-sign-in",
  ] as const;

  for (const locale of ["en", "de", "ja"]) {
    for (const kind of kinds) {
      test(`${kind} in ${locale}: core's subject and both parts arrive as written, with the link`, async () => {
        const url = `${BASE}/reset-password?token=r1&x=2`;
        const mail = composePasswordMail(
          {
            kind,
            to: "grace@example.test",
            url,
            expires: kind === "reset-password" ? new Date(Date.now() + 3600_000) : null,
            ...(kind === "new-sign-in" && {
              detail: { at: new Date(), ip: "203.0.113.9", userAgent: "Firefox", method: "password" },
            }),
          },
          { locale, modules: [de, ja] },
        );
        assert.equal(mail.locale, locale);
        const message = await arrived(mail);
        assert.deepEqual(message.to, ["grace@example.test"]);
        // Non-ASCII subjects (ä, 日本語) survive nodemailer's encoding and the server's decoding.
        assert.equal(message.subject, mail.subject);
        assert.ok(
          message.text.split(/\r?\n/).includes(url),
          "the text part has the link on a line of its own",
        );
        assert.ok(message.html.includes(`href="${url.replaceAll("&", "&#38;")}"`), "the button links to it");
        assert.equal(message.text.replace(/\r\n/g, "\n").trim(), mail.text.trim());
      });
    }
  }

  test("the German and Japanese mails are not the English one", async () => {
    const draft = {
      kind: "reset-password",
      to: "grace@example.test",
      url: `${BASE}/x`,
      expires: null,
    } as const;
    const modules = [de, ja];
    const subjects = ["en", "de", "ja"].map(
      (locale) => composePasswordMail(draft, { locale, modules }).subject,
    );
    assert.equal(new Set(subjects).size, 3);
    assert.equal((await arrived(composePasswordMail(draft, { locale: "ja", modules }))).subject, subjects[2]);
  });

  test("the address never appears in the body, only in the envelope (CVE-2022-31127)", async () => {
    const to = "ada.lovelace@example.test";
    for (const kind of ["verify-email", "reset-password", "account-exists", "password-changed"] as const) {
      const message = await arrived(
        composePasswordMail({ kind, to, url: `${BASE}/forgot-password`, expires: null }),
      );
      assert.deepEqual(message.to, [to]);
      for (const piece of ["ada", "lovelace"]) {
        assert.ok(!message.text.toLowerCase().includes(piece), `${kind}: "${piece}" is not in the text`);
        assert.ok(!message.html.toLowerCase().includes(piece), `${kind}: "${piece}" is not in the HTML`);
      }
    }
  });

  test("a recipient the server refuses rejects the send", async () => {
    const sent = inbox.length;
    const mail = composePasswordMail({
      kind: "reset-password",
      to: REFUSED,
      url: `${BASE}/x`,
      expires: null,
    });
    await assert.rejects(send(mail));
    assert.equal(inbox.length, sent, "nothing was delivered");
  });
});
