import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { DevProvider } from "@gatehouse/dev-provider";
import type { Adapter } from "../src/adapter/adapter.ts";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { Email, gatehouse, OIDC } from "../src/index.ts";
import { browsers } from "./support/browsers.ts";
import { APP, BASE, errorOf, recordingLogger, SECRET } from "./support/flows.ts";
import { emailSignIn, providerSignIn, signedInAs, startProviders } from "./support/takeover-app.ts";

/** The Auth.js adapter interface: what an official Auth.js adapter package has, and no more. */
const AUTHJS_METHODS = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "deleteUser",
  "linkAccount",
  "unlinkAccount",
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
  "createVerificationToken",
  "useVerificationToken",
] as const;

/**
 * Pre-account hijacking with an Auth.js adapter, which cannot strip an account in place (no
 * `claimUnverifiedUser`): the unverified user is deleted — its provider accounts and sessions with
 * it — and the owner of the address starts from a fresh account.
 */
describe("pre-account hijacking with an Auth.js adapter: the owner starts from a fresh account", () => {
  let op: DevProvider;
  before(async () => {
    op = await startProviders();
  });
  after(() => op?.close());

  for (const strategy of ["jwt", "database"] as const) {
    test(`an account made through a provider that does not vouch for the address (${strategy} sessions)`, async () => {
      const memory = createMemoryAdapter();
      const adapter: Adapter = Object.fromEntries(
        AUTHJS_METHODS.map((method) => [method, memory[method]]),
      ) as Adapter;
      const links: { to: string; url: string }[] = [];
      const auth = gatehouse({
        secret: SECRET,
        url: `${APP}/api/auth`,
        adapter,
        session: { strategy },
        providers: [
          Email({
            sendVerificationRequest: async ({ identifier, url }) => void links.push({ to: identifier, url }),
          }),
          OIDC({ id: "lax", name: "Lax", issuer: op.issuer, clientId: "lax", clientSecret: "lax-secret" }),
        ],
        callbacks: {
          session: ({ session, user, token }) => ({
            ...session,
            user: {
              ...session.user,
              id: user?.id ?? (typeof token?.sub === "string" ? token.sub : undefined),
            },
          }),
        },
        logger: recordingLogger(),
      });
      const browser = browsers(auth.handler, (n) => `203.0.113.${n}`);
      // The attacker registered the victim's address at a provider that does not check it.
      const attacker = browser();
      await providerSignIn(attacker, op, "lax", "Victor");
      const attackersId = await signedInAs(attacker);
      assert.ok(attackersId);
      assert.equal((await memory.getUser(attackersId))?.emailVerified, null);

      const owner = browser();
      const landed = await emailSignIn({ links }, owner, "victor@example.test");
      assert.match(landed.headers.get("location") ?? "", new RegExp(`^${BASE}/account-secured\\?`));
      const ownersId = await signedInAs(owner);
      assert.ok(ownersId);
      assert.notEqual(ownersId, attackersId, "a fresh account: the unverified one is gone");
      assert.equal(await memory.getUser(attackersId), null);
      assert.ok((await memory.getUser(ownersId))?.emailVerified);
      // The attacker's provider account went with it, and now cannot reach the owner's account.
      const again = await providerSignIn(browser(), op, "lax", "Victor");
      assert.equal(errorOf(again), "OAuthAccountNotLinked");
      if (strategy === "database")
        assert.equal(await signedInAs(attacker), undefined, "its session went too");
    });
  }
});
