import assert from "node:assert/strict";
import { passwordMailer } from "@gatehouse/smtp";
import { totp } from "@gatehouse/two-factor";
import type { Adapter } from "../../src/adapter/adapter.ts";
import { gatehouse, hashPassword, Password } from "../../src/index.ts";
import { browsers } from "./browsers.ts";
import { APP, recordingLogger, SECRET, sessionTokenSet, type TestBrowser } from "./flows.ts";
import type { Mailbox } from "./mailbox.ts";
import { passwordSignIn as signInWithPassword } from "./password-accounts.ts";
import { PASSWORD } from "./seed.ts";

// The admin suite's world (admin-suite.ts): one Gatehouse with the Password provider, a bootstrap
// administrator and a test clock, and the requests and checks its tests repeat.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
/** The administrator by configuration (`admin.bootstrapEmails`), signed in from `ADMIN_IP` with `ADMIN_UA`. */
export const ROOT = "root@example.test";
export const ADMIN_IP = "203.0.113.1";
export const ADMIN_UA = "AdminBrowser/1.0";
/** An address the test mailbox refuses (550), so the mail cannot be sent. */
export const BOUNCES = "bounce@example.test";

/** What the suite calls on storage directly. */
export type AdminSuiteAdapter = Adapter &
  Required<
    Pick<
      Adapter,
      | "createUser"
      | "updateUser"
      | "setPasswordHash"
      | "getPasswordHash"
      | "getUser"
      | "linkAccount"
      | "queryAudit"
      | "setUserRole"
      | "setUserDisabled"
      | "createPasskey"
      | "startTwoFactor"
      | "enableTwoFactor"
      | "replaceBackupCodes"
    >
  >;

export type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: Json;
  text: string;
}

/** Every admin endpoint, with a request naming `id` as its target (valid bodies otherwise). */
export const ENDPOINTS: ReadonlyArray<{
  action: string;
  method: "GET" | "POST";
  fields?: Record<string, string>;
}> = [
  { action: "admin-overview", method: "GET" },
  { action: "admin-users", method: "GET" },
  { action: "admin-user", method: "GET" },
  { action: "admin-audit", method: "GET" },
  { action: "admin-user-disable", method: "POST", fields: { reason: "spam" } },
  { action: "admin-user-enable", method: "POST" },
  { action: "admin-sessions-revoke", method: "POST" },
  { action: "admin-password-reset", method: "POST" },
  { action: "admin-two-factor-remove", method: "POST", fields: { reason: "lost phone" } },
  { action: "admin-user-delete", method: "POST" },
  { action: "admin-user-role", method: "POST", fields: { role: "admin" } },
];

export function adminApp(adapter: AdminSuiteAdapter, strategy: "jwt" | "database", mailbox: Mailbox) {
  const clock = { now: Date.UTC(2026, 4, 4, 9, 0, 0) };
  const server = { host: "127.0.0.1", port: mailbox.port, secure: false, ignoreTLS: true };
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter,
    session: { strategy },
    providers: [
      Password({
        sendMail: passwordMailer({ server, from: "no-reply@example.test" }),
        // A bootstrap address counts only once verified: the suite signs in with an unverified one.
        requireEmailVerification: false,
      }),
    ],
    admin: { bootstrapEmails: ["Root@Example.test", "boot@example.test"], roles: ["support"] },
    twoFactor: { totp: totp() },
    account: { newSignInAlert: false },
    logger: recordingLogger(),
    now: () => clock.now,
  });
  // The administrator's browser comes from ADMIN_IP; the nth other one made in a test from 203.0.113.(n+1).
  const adminBrowser = browsers(auth.handler, ADMIN_IP);
  const browser = browsers(auth.handler, (n) => `203.0.113.${n + 1}`);
  /**
   * A user with `PASSWORD`, created now (the test clock: the list sorts by it), verified unless
   * `verified: false`; their id. A null `email` is a user without one (credentials, imported).
   */
  async function seedUser(email: string | null, options: { verified?: false } = {}): Promise<string> {
    const at = new Date(clock.now);
    const user = await adapter.createUser({
      email: email as string,
      emailVerified: options.verified === false ? null : at,
      name: null,
      image: null,
      createdAt: at,
    });
    await adapter.setPasswordHash(user.id, await hashPassword(PASSWORD));
    return user.id;
  }

  /** The bootstrap administrator, signed in from `ADMIN_IP` with `ADMIN_UA`. */
  async function signedInRoot() {
    const id = await seedUser(ROOT);
    const root = adminBrowser(ADMIN_UA);
    await signIn(root, ROOT);
    return { id, root };
  }
  return { clock, browser, seedUser, signedInRoot };
}

/** Signs in with email and password, asserting a session began. */
export async function signIn(browser: TestBrowser, email: string, password = PASSWORD): Promise<void> {
  const answer = await passwordSignIn(browser, email, password);
  assert.ok(
    sessionTokenSet(answer),
    `${email} signed in (${answer.status} ${answer.headers.get("location")})`,
  );
}

/** Signs in with email and password (`PASSWORD` unless given); the answer. */
export function passwordSignIn(browser: TestBrowser, email: string, password = PASSWORD): Promise<Response> {
  return signInWithPassword(browser, email, password);
}

async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Json, text };
}

export async function get(browser: TestBrowser, action: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return read(await browser.request(`/api/auth/${action}${search ? `?${search}` : ""}`));
}

export async function post(browser: TestBrowser, action: string, fields: Record<string, string> = {}) {
  const csrfToken = await browser.csrf();
  return read(await browser.request(`/api/auth/${action}`, { json: { csrfToken, ...fields } }));
}

/** Calls an endpoint of `ENDPOINTS` against target `id`. */
export function call(browser: TestBrowser, endpoint: (typeof ENDPOINTS)[number], id: string) {
  return endpoint.method === "GET"
    ? get(browser, endpoint.action, { id })
    : post(browser, endpoint.action, { id, ...endpoint.fields });
}

export function refused(answer: Answer, status: number, error: string): void {
  assert.equal(answer.status, status, answer.text);
  assert.equal(answer.body.error, error, answer.text);
}

/** The user JSON of an answer (asserting its fields are exactly the wire contract's). */
export function userOf(body: Json): Json {
  const user = body.user as Json;
  assert.deepEqual(Object.keys(user).sort(), [
    "admin",
    "createdAt",
    "disabledAt",
    "email",
    "emailVerified",
    "id",
    "image",
    "name",
    "role",
    "twoFactor",
  ]);
  return user;
}

/** The newest audit entry of `kind` about `subjectId`, as storage keeps it. */
export async function lastEntry(adapter: AdminSuiteAdapter, subjectId: string, kind: string) {
  const { entries } = await adapter.queryAudit({ userId: subjectId, kinds: [kind], limit: 1 });
  assert.ok(entries[0], `an entry ${kind} about ${subjectId}`);
  return entries[0];
}

/** An entry an administrator's request wrote: the admin as actor, from the admin's browser. */
export function byAdmin(
  entry: { actorId: string | null; ip: string | null; userAgent: string | null },
  adminId: string,
) {
  assert.equal(entry.actorId, adminId);
  assert.equal(entry.ip, ADMIN_IP);
  assert.equal(entry.userAgent, ADMIN_UA);
}
