import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createPasswordHasher, type PasswordHasher, type RateLimitStore } from "../../src/index.ts";
import { errorOf, sessionOf, sessionTokenSet } from "./flows.ts";
import { freshStorage, type OpenedStorage } from "./fresh-storage.ts";
import { type Mailbox, startMailbox } from "./mailbox.ts";
import { follow, linkIn, nextMail, passwordApp, passwordSignIn, submit } from "./password-accounts.ts";

import type { SuiteAdapter } from "./password-suite.ts";
import { seedPasswordUser } from "./seed.ts";

const VICTIM = "victim@example.test";
const PASSWORD = "the victim's long passphrase";

/** A hasher that counts how many passwords were actually checked. */
function countingHasher(): PasswordHasher & { verified: number } {
  const inner = createPasswordHasher();
  const hasher = {
    verified: 0,
    hash: (password: string) => inner.hash(password),
    verify: (password: string, stored: string) => {
      hasher.verified++;
      return inner.verify(password, stored);
    },
  };
  return hasher;
}

/**
 * Abuse protection end to end: rate limits, the attack on one account, a store that is down. On the
 * storage `open` gives, whose own rate-limit store (`adapter.rateLimits`) holds the counters. Core
 * runs it on the memory adapter, `@gatehouse/sql` on SQLite and PostgreSQL.
 */
export function abuseSuite(label: string, open: () => Promise<OpenedStorage<SuiteAdapter>>): void {
  describe(label, () => {
    let mailbox: Mailbox;
    const fresh = freshStorage(open);
    before(async () => {
      mailbox = await startMailbox();
    });
    after(async () => {
      await mailbox.close();
    });

    async function seededApp(options: Parameters<typeof passwordApp>[2] = {}) {
      const adapter = await fresh();
      for (const email of [VICTIM, "bystander@example.test"]) {
        await seedPasswordUser(adapter, email, { now: Date.now(), password: PASSWORD });
      }
      let clock = Date.now();
      const app = passwordApp(mailbox, adapter, { now: () => clock, ...options });
      return { ...app, adapter, tick: (ms: number) => (clock += ms) };
    }

    describe("rate limits answer 429 with Retry-After", () => {
      test("the 31st sign-in from one address in 5 minutes: a readable page, or JSON", async () => {
        const { browser, tick } = await seededApp();
        const attacker = browser("192.0.2.1");
        for (let i = 0; i < 30; i++) {
          const answer = await passwordSignIn(attacker, `someone${i}@example.test`, "wrong password here");
          assert.equal(errorOf(answer), "CredentialsSignin", `attempt ${i + 1}`);
        }
        // Issue 23: a refused browser form is redirected (303) to the 429 page, so a reload does not
        // post again; the page says what is paused and links back to sign-in. (It was the 429 itself.)
        const refused = await passwordSignIn(attacker, "someone@example.test", "wrong password here");
        assert.equal(refused.status, 303);
        const location = new URL(refused.headers.get("location") ?? "");
        assert.equal(location.pathname, "/api/auth/error");
        assert.equal(location.searchParams.get("error"), "RateLimited");
        assert.equal(location.searchParams.get("scope"), "network");
        const page = await attacker.request(location.href);
        assert.equal(page.status, 429);
        const retryAfter = Number(page.headers.get("retry-after"));
        assert.ok(retryAfter > 0 && retryAfter <= 300, `Retry-After ${retryAfter}`);
        const html = await page.text();
        assert.match(html, /Too many attempts/);
        assert.match(html, /Try again in \d+ minutes?/);
        assert.match(html, /Attempts from your network \(your internet connection\) are paused\./);
        assert.match(
          html,
          /<a class="button" href="http:\/\/localhost:3000\/api\/auth\/signin">Back to sign in<\/a>/,
        );

        const csrfToken = await attacker.csrf();
        const json = await attacker.request("/api/auth/callback/password", {
          form: { csrfToken, email: "x@example.test", password: "whatever you like" },
          headers: { "x-auth-return-redirect": "1" },
        });
        assert.equal(json.status, 429);
        assert.ok(Number(json.headers.get("retry-after")) > 0);
        const body = (await json.json()) as { error: string; retryAfter: number };
        assert.equal(body.error, "RateLimited");
        assert.ok(body.retryAfter > 0);
        // Another address is not affected; this one may try again once Retry-After has passed.
        assert.ok(sessionTokenSet(await passwordSignIn(browser("192.0.2.2"), VICTIM, PASSWORD)));
        tick(retryAfter * 1000);
        assert.ok(sessionTokenSet(await passwordSignIn(attacker, VICTIM, PASSWORD)));
      });

      test("sign-up, forgot-password and email links are limited per address and per email", async () => {
        const { browser } = await seededApp();
        const person = browser("192.0.2.10");
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) {
          statuses.push((await submit(person, "/api/auth/forgot-password", { email: VICTIM })).status);
        }
        // 3 per address per 15 minutes, then refused — from any client (303 to the 429 page).
        assert.deepEqual(statuses, [302, 302, 302, 303]);
        assert.equal(
          (await submit(browser("192.0.2.11"), "/api/auth/forgot-password", { email: VICTIM })).status,
          303,
        );
        assert.equal(
          (
            await submit(browser("192.0.2.11"), "/api/auth/forgot-password", {
              email: "bystander@example.test",
            })
          ).status,
          302,
        );
      });
    });

    describe("an attack on one account", () => {
      test("1,000 wrong passwords from one address, then from 50: limits hold, the victim recovers", async () => {
        const hasher = countingHasher();
        const { browser, logger } = await seededApp({ session: { strategy: "database" }, hasher });
        const victimsLaptop = browser("198.51.100.99");
        assert.ok(
          sessionTokenSet(await passwordSignIn(victimsLaptop, VICTIM, PASSWORD)),
          "the victim signs in before",
        );
        const bystander = browser("198.51.100.98");
        assert.ok(sessionTokenSet(await passwordSignIn(bystander, "bystander@example.test", PASSWORD)));

        // One address: 1,000 guesses.
        const attacker = browser("192.0.2.66");
        const before = hasher.verified;
        const oneAddress = new Map<number, number>();
        for (let i = 0; i < 1000; i++) {
          const { status } = await passwordSignIn(attacker, VICTIM, `guess number ${i}`);
          oneAddress.set(status, (oneAddress.get(status) ?? 0) + 1);
        }
        // 5 guesses reach the password check; then the lockout, then the address limit, refuse the rest.
        assert.equal(oneAddress.get(302), 5);
        assert.equal(oneAddress.get(303), 995, "refused: redirected to the 429 page");
        assert.equal(hasher.verified - before, 5, "only 5 passwords were hashed");
        assert.ok(
          logger.lines.some((line) => line.startsWith("warn AccountLocked")),
          "the lockout is logged",
        );

        // Fifty addresses, twenty guesses each.
        let checked = 0;
        for (let n = 0; n < 50; n++) {
          const bot = browser(`203.0.113.${n + 1}`);
          for (let i = 0; i < 20; i++) {
            const answer = await passwordSignIn(bot, VICTIM, `bot ${n} guess ${i}`);
            if (answer.status === 302) checked++;
          }
        }
        // Account-wide, 50 failures start the global delay: 45 more got through, not 50 × 5.
        assert.ok(checked <= 45, `${checked} distributed guesses reached the password check`);

        // A new device is now refused by the account-wide delay, even with the right password…
        const newPhone = browser("198.51.100.120");
        const paused = await passwordSignIn(newPhone, VICTIM, PASSWORD);
        assert.equal(paused.status, 303);
        assert.equal(new URL(paused.headers.get("location") ?? "").searchParams.get("scope"), "account");
        // …but the victim's known device still signs in, during the attack.
        const again = await passwordSignIn(victimsLaptop, VICTIM, PASSWORD);
        assert.ok(sessionTokenSet(again), "a known device is not locked out");

        // And the reset path always works.
        const count = mailbox.messages.length;
        await submit(newPhone, "/api/auth/forgot-password", { email: VICTIM });
        const link = linkIn(await nextMail(mailbox, count, VICTIM));
        await follow(newPhone, link, "/api/auth/reset-password", {
          password: "a fresh start for the victim",
        });
        assert.ok(sessionTokenSet(await passwordSignIn(newPhone, VICTIM, "a fresh start for the victim")));

        // Other people never noticed.
        assert.equal((await sessionOf(bystander)).user?.email, "bystander@example.test");
      });
    });

    describe("a rate-limit store that is down", () => {
      const broken: RateLimitStore = {
        hit: async () => {
          throw new Error("connect ECONNREFUSED 127.0.0.1:6390");
        },
        peek: async () => {
          throw new Error("connect ECONNREFUSED 127.0.0.1:6390");
        },
        delete: async () => {
          throw new Error("connect ECONNREFUSED 127.0.0.1:6390");
        },
      };

      test("fails open by default: sign-in works and the failure is logged", async () => {
        const { browser, logger } = await seededApp({ rateLimit: { store: broken } });
        assert.ok(sessionTokenSet(await passwordSignIn(browser(), VICTIM, PASSWORD)));
        assert.ok(logger.lines.some((line) => line.startsWith("error RateLimitStoreFailed")));
      });

      test('onStoreError: "closed" answers 503 StorageUnavailable', async () => {
        const { browser } = await seededApp({ rateLimit: { store: broken, onStoreError: "closed" } });
        const answer = await passwordSignIn(browser(), VICTIM, PASSWORD);
        assert.equal(sessionTokenSet(answer), undefined);
        assert.equal(
          new URL(answer.headers.get("location")!).searchParams.get("error"),
          "StorageUnavailable",
        );
      });
    });
  });
}
