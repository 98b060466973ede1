import assert from "node:assert/strict";
import { webAuthn } from "@gatehouse/passkeys";
import { totp } from "@gatehouse/two-factor";
import type { Adapter, StoredAuditEntry } from "../../src/adapter/adapter.ts";
import { createMemoryAdapter } from "../../src/adapter/memory-adapter.ts";
import type { AuditKind } from "../../src/audit/audit-kinds.ts";
import type { Events } from "../../src/events/events.ts";
import { Email, type GatehouseOptions, gatehouse, Password, type PasswordMail } from "../../src/index.ts";
import { browsers } from "./browsers.ts";
import { APP, entriesLogger, SECRET } from "./flows.ts";
import { seedPasswordUser } from "./seed.ts";

export { PASSWORD } from "./seed.ts";

/** Every browser of the app comes from this address, with this User-Agent. */
export const CLIENT_ADDRESS = "203.0.113.7";
export const USER_AGENT = "AuditTest/1.0 (X11; Linux x86_64) like Gecko";

export interface AuditAppOptions {
  strategy?: "jwt" | "database";
  events?: Events;
  audit?: GatehouseOptions["audit"];
  callbacks?: GatehouseOptions["callbacks"];
  /** Passkey-only sign-up confirms the address first (default true). */
  requireEmailVerification?: boolean;
  /** More providers (a credentials provider, an OIDC one). */
  providers?: GatehouseOptions["providers"];
}

/**
 * A Gatehouse with the Password and Email providers, passkeys and two-factor on the memory adapter,
 * whose audit log is a list the test reads (`entries`; `appendAudit` as storage would, ids given in
 * order). Mails (account mails and sign-in links) are kept; the clock is the test's.
 */
export function auditApp(options: AuditAppOptions = {}) {
  const memory = createMemoryAdapter();
  const entries: StoredAuditEntry[] = [];
  const adapter: Adapter & typeof memory = {
    ...memory,
    async appendAudit(entry) {
      const stored = { ...structuredClone(entry), id: String(entries.length + 1) };
      entries.push(stored);
      return structuredClone(stored);
    },
  };
  const logger = entriesLogger();
  const logged = logger.entries;
  const clock = { now: Date.UTC(2026, 0, 5, 9, 0, 0) };
  const mails: PasswordMail[] = [];
  const links: { to: string; url: string }[] = [];
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter,
    providers: [
      Password({
        sendMail: async (mail) => {
          mails.push(mail);
        },
      }),
      Email({
        sendVerificationRequest: async ({ identifier, url }) => {
          links.push({ to: identifier, url });
        },
      }),
      ...(options.providers ?? []),
    ],
    passkeys: { webAuthn: webAuthn(), requireEmailVerification: options.requireEmailVerification ?? true },
    session: { strategy: options.strategy ?? "database" },
    twoFactor: { totp: totp(), issuer: "Gatehouse Test" },
    logger,
    now: () => clock.now,
    ...(options.events ? { events: options.events } : {}),
    ...(options.audit !== undefined ? { audit: options.audit } : {}),
    ...(options.callbacks ? { callbacks: options.callbacks } : {}),
  });
  const fromClient = browsers(auth.handler, CLIENT_ADDRESS);
  /** A browser as the server integration would present it: its socket address and a User-Agent. */
  const browser = () => fromClient(USER_AGENT);
  /** A verified user with `PASSWORD`; their id. */
  const seedUser = (email: string) => seedPasswordUser(adapter, email, { now: clock.now });
  /** The entries of one kind, in order. */
  const ofKind = (kind: AuditKind) => entries.filter((entry) => entry.kind === kind);
  return { auth, adapter, entries, ofKind, logged, clock, mails, links, browser, seedUser };
}

export type AuditApp = ReturnType<typeof auditApp>;

/**
 * Asserts the one newest entry of `kind`: who, whom, what, and that the request's address, browser
 * and time were recorded with it.
 */
export function assertEntry(
  app: AuditApp,
  kind: AuditKind,
  expected: { actorId: string | null; subjectId: string | null; detail: StoredAuditEntry["detail"] },
): StoredAuditEntry {
  const entry = app.ofKind(kind).at(-1);
  assert.ok(entry, `an entry of kind ${kind} (have: ${app.entries.map((e) => e.kind).join(", ")})`);
  assert.equal(entry.actorId, expected.actorId, `${kind}: actor`);
  assert.equal(entry.subjectId, expected.subjectId, `${kind}: subject`);
  assert.deepEqual(entry.detail, expected.detail, `${kind}: detail`);
  assert.equal(entry.ip, CLIENT_ADDRESS, `${kind}: ip`);
  assert.equal(entry.userAgent, USER_AGENT, `${kind}: user agent`);
  assert.equal(entry.at.getTime(), app.clock.now, `${kind}: at`);
  return entry;
}

/** Asserts that none of `secrets` appears anywhere in the stored audit log. */
export function assertNoSecrets(app: AuditApp, secrets: readonly string[]): void {
  const stored = JSON.stringify(app.entries);
  for (const secret of secrets) {
    assert.ok(secret.length >= 6, `a secret worth looking for: ${JSON.stringify(secret)}`);
    assert.ok(!stored.includes(secret), `the audit log holds ${JSON.stringify(secret)}`);
  }
}

/** Waits for background work (sign-up's report goes out as its mail does) to write `kind`. */
export async function entryOf(app: AuditApp, kind: AuditKind, count = 1): Promise<StoredAuditEntry> {
  for (let i = 0; i < 400; i++) {
    const found = app.ofKind(kind);
    if (found.length >= count) return found[count - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no audit entry #${count} of kind ${kind} was written`);
}

/** Waits for the `n`th mail of `kind` to `to`. */
export async function mailOf(app: AuditApp, to: string, kind: PasswordMail["kind"]): Promise<PasswordMail> {
  for (let i = 0; i < 400; i++) {
    const found = app.mails.find((mail) => mail.to === to && mail.kind === kind);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no ${kind} mail to ${to} arrived`);
}

/** The secret parameters of a link (`token`): what must never be logged. */
export function tokenOf(url: string): string {
  const token = new URL(url).searchParams.get("token");
  assert.ok(token, "the link carries a token");
  return token;
}
