import assert from "node:assert/strict";
import { loadCommonPasswords } from "@gatehouse/common-passwords";
import { passwordMailer } from "@gatehouse/smtp";
import type { Adapter } from "../../src/adapter/adapter.ts";
import { type GatehouseOptions, gatehouse, Password, type PasswordHasher } from "../../src/index.ts";
import { APP, formFields, recordingLogger, SECRET, TestBrowser } from "./flows.ts";
import type { Mail, Mailbox } from "./mailbox.ts";

export const SIGN_UP = "/api/auth/signup";
export const GOOD_PASSWORD = "correct horse battery staple";

/** A Gatehouse with the Password provider mailing to `mailbox`, and browsers that each have their own address. */
export function passwordApp(
  mailbox: Mailbox,
  adapter: Adapter,
  options: Partial<GatehouseOptions> & { requireEmailVerification?: boolean; hasher?: PasswordHasher } = {},
) {
  const logger = recordingLogger();
  const { requireEmailVerification, hasher, ...rest } = options;
  const server = { host: "127.0.0.1", port: mailbox.port, secure: false, ignoreTLS: true };
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter,
    providers: [
      Password({
        sendMail: passwordMailer({ server, from: "no-reply@example.test" }),
        // The offline breached-password list, opt-in: the suites check its refusals.
        breachedPasswords: loadCommonPasswords,
        ...(requireEmailVerification === undefined ? {} : { requireEmailVerification }),
        ...(hasher ? { hasher } : {}),
      }),
    ],
    logger,
    ...rest,
  });
  /** A browser on its own client address (the socket peer the server would report); a fresh one unless given. */
  let next = 1;
  const browser = (clientAddress = `100.64.${Math.floor(next / 250)}.${(next++ % 250) + 1}`) =>
    new TestBrowser((request) => auth.handler(request, { clientAddress }));
  return { auth, logger, browser };
}

/** Posts a form page's fields (CSRF token included) with `values` over them. */
export async function submit(
  browser: TestBrowser,
  path: string,
  values: Record<string, string>,
): Promise<Response> {
  const csrfToken = await browser.csrf();
  return browser.request(path, { form: { csrfToken, callbackUrl: `${APP}/home`, ...values } });
}

/** Waits for the mailbox to hold more than `count` messages (account mails go out in the background). */
export async function nextMail(mailbox: Mailbox, count: number, to?: string): Promise<Mail> {
  for (let i = 0; i < 200; i++) {
    const mail = mailbox.messages.slice(count).find((m) => to === undefined || m.to.includes(to));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no mail${to ? ` to ${to}` : ""} arrived`);
}

/** Waits a little and asserts that no mail to `to` arrived after `count`. */
export async function noMail(mailbox: Mailbox, count: number, to: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  assert.equal(mailbox.messages.slice(count).filter((m) => m.to.includes(to)).length, 0);
}

/** The link in a mail's text part. */
export function linkIn(mail: Mail): URL {
  const found = /^https?:\/\/\S+$/m.exec(mail.text)?.[0];
  assert.ok(found, "the mail's text carries the link");
  return new URL(found);
}

/** Opens a link's page and posts its form as the person would (with `values` typed in). */
export async function follow(
  browser: TestBrowser,
  link: URL,
  action: string,
  values: Record<string, string> = {},
) {
  const page = await browser.request(link.pathname + link.search);
  assert.equal(page.status, 200, `${link.pathname} opens`);
  const fields = formFields(await page.text());
  return browser.request(action, { form: { ...fields, ...values } });
}

/** Signs in with email and password; the answer. */
export function passwordSignIn(browser: TestBrowser, email: string, password: string): Promise<Response> {
  return submit(browser, "/api/auth/callback/password", { email, password });
}

/** Signs up and confirms the address through the mailed link. */
export async function signUpVerified(
  browser: TestBrowser,
  mailbox: Mailbox,
  email: string,
  password = GOOD_PASSWORD,
): Promise<void> {
  const count = mailbox.messages.length;
  const answer = await submit(browser, SIGN_UP, { email, password, name: "Test Person" });
  assert.equal(answer.status, 302);
  const mail = await nextMail(mailbox, count, email);
  const verified = await follow(browser, linkIn(mail), "/api/auth/verify-email");
  assert.equal(verified.status, 200);
}
