import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { VerificationRequest } from "@gatehouse/core";
import { startFaultySmtpServer } from "../../core/test/support/faulty-smtp-server.ts";
import { type Mail, type Mailbox, startMailbox } from "../../core/test/support/mailbox.ts";
import { SMTP_TIMEOUTS } from "./smtp-options.ts";
import { smtpSender } from "./smtp-sender.ts";

// The whole flow (request form → mail in the request's language → confirmation page) runs over
// SMTP in packages/core/test/email.test.ts and languages.test.ts; this file pins that the sender
// delivers core's mail as written, to the address, through a real smtp-server.

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

  test("the mail reaches the address with core's subject, text and HTML", async () => {
    const url = "https://app.example.test/api/auth/callback/email?token=abc&email=grace%40example.test";
    const sent = inbox.length;
    await send(request({ url, subject: "app.example.test にサインイン" }));
    const mail = inbox[sent]!;
    assert.deepEqual(mail.to, ["grace@example.test"]);
    assert.equal(mail.subject, "app.example.test にサインイン");
    assert.ok(mail.text.split(/\r?\n/).includes(url), "the text part has the link on a line of its own");
    assert.ok(mail.html.includes(`<a href="${url.replace("&", "&#38;")}">`), "the HTML part as written");
  });

  test("a recipient the server refuses rejects the send", async () => {
    const sent = inbox.length;
    await assert.rejects(send(request({ identifier: REFUSED })));
    assert.equal(inbox.length, sent, "nothing was delivered");
  });
});

// Issue 22, item 10: nodemailer's own time-outs (30 s for a greeting, 10 min of silence) held a
// person's email sign-in that long when the mail server hung.
describe("smtpSender against a mail server that hangs", () => {
  /** Rejects with nodemailer's reason, or fails: resolves to how long the send took. */
  async function rejection(send: (request: VerificationRequest) => Promise<void>, reason: RegExp) {
    const started = Date.now();
    await assert.rejects(send(request({})), reason);
    return Date.now() - started;
  }

  test("no greeting: gives up after a few seconds by default", async () => {
    const smtp = await startFaultySmtpServer("silent");
    try {
      const send = smtpSender({
        server: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        from: "a@example.test",
      });
      const took = await rejection(send, /Greeting never received/);
      assert.ok(took >= SMTP_TIMEOUTS.greetingTimeout - 100 && took < 9000, `${took} ms`);
    } finally {
      await smtp.close();
    }
  });

  test("no answer to the message: the socket time-out ends it", async () => {
    const smtp = await startFaultySmtpServer("stall-in-data");
    try {
      const send = smtpSender({
        server: { host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true },
        from: "a@example.test",
      });
      const took = await rejection(send, /Timeout/);
      assert.ok(took >= SMTP_TIMEOUTS.socketTimeout - 100 && took < 9000, `${took} ms`);
    } finally {
      await smtp.close();
    }
  });

  test("the time-outs are the app's to set: as options, or as parameters of the URL", async () => {
    const silent = await startFaultySmtpServer("silent");
    const stalled = await startFaultySmtpServer("stall-in-data");
    try {
      const byOption = smtpSender({
        server: { host: "127.0.0.1", port: silent.port, ignoreTLS: true, greetingTimeout: 300 },
        from: "a@example.test",
      });
      assert.ok((await rejection(byOption, /Greeting never received/)) < 2500);
      const byUrl = smtpSender({
        server: `smtp://127.0.0.1:${stalled.port}?ignoreTLS=true&socketTimeout=300`,
        from: "a@example.test",
      });
      assert.ok((await rejection(byUrl, /Timeout/)) < 2500);
    } finally {
      await Promise.all([silent.close(), stalled.close()]);
    }
  });
});

function request(input: { url?: string; identifier?: string; subject?: string }): VerificationRequest {
  const url = input.url ?? "https://app.example.test/api/auth/callback/email?token=abc";
  return {
    identifier: input.identifier ?? "grace@example.test",
    url,
    expires: new Date(Date.now() + 86_400_000),
    provider: { id: "email", name: "Email", type: "email", sendVerificationRequest: async () => {} },
    theme: {},
    locale: "ja",
    subject: input.subject ?? "Sign in",
    text: `Sign in\n\n${url}\n`,
    html: `<p><a href="${url.replaceAll("&", "&#38;")}">Sign in</a></p>`,
  };
}
