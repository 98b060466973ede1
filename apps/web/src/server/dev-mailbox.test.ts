import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PasswordMail, VerificationRequest } from "@gatehouse/core";
import { createDevMailbox, type DevMailboxMessage, renderDevMailbox } from "./dev-mailbox.ts";

const AT = new Date("2030-01-02T03:04:05Z");
/** The composed mail core hands a sender; the mailbox keeps only the link. */
const MAIL = { locale: "en", subject: "A mail", text: "A mail", html: "<p>A mail</p>" };

function request(identifier: string, url: string): VerificationRequest {
  return {
    identifier,
    url,
    expires: new Date(AT.getTime() + 86_400_000),
    provider: { id: "email", name: "Email", type: "email", sendVerificationRequest: async () => {} },
    theme: {},
    ...MAIL,
  };
}

function passwordMail(kind: PasswordMail["kind"], to: string, url: string): PasswordMail {
  return {
    kind,
    to,
    url,
    expires: kind === "reset-password" ? new Date(AT.getTime() + 3600_000) : null,
    theme: {},
    ...MAIL,
  };
}

/** A sign-in message as the mailbox keeps it. */
const signIn = (to: string, url: string): DevMailboxMessage => ({
  kind: "sign-in",
  subject: "Sign in",
  to,
  url,
  at: AT,
});

const link = (n: number) =>
  `http://localhost:3000/api/auth/callback/email?token=t${n}&email=a%40example.test`;

describe("createDevMailbox", () => {
  it("keeps each link, newest first, and prints it in the log", async () => {
    const lines: string[] = [];
    const mailbox = createDevMailbox({ log: (line) => lines.push(line), now: () => AT });
    await mailbox.send(request("a@example.test", link(1)));
    await mailbox.send(request("b@example.test", link(2)));
    assert.deepEqual(mailbox.messages(), [
      signIn("b@example.test", link(2)),
      signIn("a@example.test", link(1)),
    ]);
    assert.deepEqual(lines, [
      `[dev mailbox] sign-in link for a@example.test: ${link(1)}`,
      `[dev mailbox] sign-in link for b@example.test: ${link(2)}`,
    ]);
  });

  it("keeps password mails too, each with its kind and subject, and logs them", async () => {
    const lines: string[] = [];
    const mailbox = createDevMailbox({ log: (line) => lines.push(line), now: () => AT });
    const base = "http://localhost:3000/api/auth";
    await mailbox.send(request("a@example.test", link(1)));
    await mailbox.sendPasswordMail(
      passwordMail("verify-email", "a@example.test", `${base}/verify-email?token=v`),
    );
    await mailbox.sendPasswordMail(
      passwordMail("reset-password", "a@example.test", `${base}/reset-password?token=r`),
    );
    await mailbox.sendPasswordMail(
      passwordMail("account-exists", "b@example.test", `${base}/forgot-password`),
    );
    await mailbox.sendPasswordMail(
      passwordMail("password-changed", "a@example.test", `${base}/forgot-password`),
    );
    assert.deepEqual(
      mailbox.messages().map(({ kind, subject, to }) => [kind, subject, to]),
      [
        ["password-changed", "Your password was changed", "a@example.test"],
        ["account-exists", "You already have an account", "b@example.test"],
        ["reset-password", "Reset your password", "a@example.test"],
        ["verify-email", "Confirm your email", "a@example.test"],
        ["sign-in", "Sign in", "a@example.test"],
      ],
    );
    assert.equal(mailbox.messages()[2]?.url, `${base}/reset-password?token=r`);
    assert.deepEqual(lines.slice(1), [
      `[dev mailbox] verify-email mail for a@example.test: ${base}/verify-email?token=v`,
      `[dev mailbox] reset-password mail for a@example.test: ${base}/reset-password?token=r`,
      `[dev mailbox] account-exists mail for b@example.test: ${base}/forgot-password`,
      `[dev mailbox] password-changed mail for a@example.test: ${base}/forgot-password`,
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
    const html = renderDevMailbox([signIn("b@example.test", link(2)), signIn("a@example.test", link(1))]);
    assert.match(html, /^<!doctype html>\n<html lang="en">/);
    assert.match(html, /<title>Dev mailbox<\/title>/);
    const hrefs = [...html.matchAll(/<a href="([^"]+)">Sign in as ([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    assert.deepEqual(hrefs, [
      [link(2).replaceAll("&", "&#38;"), "b@example.test"],
      [link(1).replaceAll("&", "&#38;"), "a@example.test"],
    ]);
    assert.match(html, /<time datetime="2030-01-02T03:04:05\.000Z">/);
  });

  it("shows each password mail's subject and its link", () => {
    const reset = "http://localhost:3000/api/auth/reset-password?token=r&x=1";
    const forgot = "http://localhost:3000/api/auth/forgot-password";
    const messages: DevMailboxMessage[] = [
      {
        kind: "password-changed",
        subject: "Your password was changed",
        to: "a@example.test",
        url: forgot,
        at: AT,
      },
      {
        kind: "account-exists",
        subject: "You already have an account",
        to: "b@example.test",
        url: forgot,
        at: AT,
      },
      { kind: "reset-password", subject: "Reset your password", to: "a@example.test", url: reset, at: AT },
      { kind: "verify-email", subject: "Confirm your email", to: "a@example.test", url: link(3), at: AT },
    ];
    const html = renderDevMailbox(messages);
    assert.deepEqual(
      [...html.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1]),
      [
        "Your password was changed",
        "You already have an account",
        "Reset your password",
        "Confirm your email",
      ],
    );
    const links = [...html.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    assert.deepEqual(links.slice(0, 4), [
      [forgot, "Reset the password of a@example.test"],
      [forgot, "Reset the password of b@example.test"],
      [reset.replaceAll("&", "&#38;"), "Choose a new password for a@example.test"],
      [link(3).replaceAll("&", "&#38;"), "Confirm the email of a@example.test"],
    ]);
    assert.doesNotMatch(html, /<script|<style|\sstyle=|\son[a-z]+=/i);
  });

  it("escapes the address and the link: a <script> in them stays text", () => {
    const to = `<script>alert(1)</script>"'@example.test`;
    const url = `http://localhost:3000/x?"><script>alert(2)</script>`;
    const html = renderDevMailbox([signIn(to, url)]);
    assert.doesNotMatch(html, /<script/i);
    assert.match(html, /Sign in as &#60;script&#62;alert\(1\)&#60;\/script&#62;&#34;&#39;@example\.test/);
    assert.match(
      html,
      /href="http:\/\/localhost:3000\/x\?&#34;&#62;&#60;script&#62;alert\(2\)&#60;\/script&#62;"/,
    );
  });

  it("escapes a password mail's address and link the same way", async () => {
    const mailbox = createDevMailbox({ log: () => {}, now: () => AT });
    const to = `<img src=x onerror=alert(1)>@example.test`;
    await mailbox.sendPasswordMail(
      passwordMail("reset-password", to, `http://localhost:3000/r?"><script>x</script>`),
    );
    const html = renderDevMailbox(mailbox.messages());
    assert.doesNotMatch(html, /<script|<img/i);
    assert.match(html, /Choose a new password for &#60;img src=x onerror=alert\(1\)&#62;@example\.test<\/a>/);
    assert.match(html, /href="http:\/\/localhost:3000\/r\?&#34;&#62;&#60;script&#62;x&#60;\/script&#62;"/);
  });

  it("does not make a link of anything but http(s)", () => {
    const html = renderDevMailbox([signIn("a@example.test", "javascript:alert(1)")]);
    assert.doesNotMatch(html, /<a href="javascript:/);
    assert.match(html, /Sign in as a@example\.test/);
  });

  it("says so when there are no messages, and has no inline script or style", () => {
    const html = renderDevMailbox([]);
    assert.match(html, /No messages yet/);
    assert.doesNotMatch(html, /<script|<style|\sstyle=|\son[a-z]+=/i);
  });
});
