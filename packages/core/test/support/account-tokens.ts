import assert from "node:assert/strict";
import { test } from "node:test";
import type { Adapter, AdapterAccount } from "../../src/index.ts";

/** An adapter with the extensions behind getAccessToken. */
export type TokenStore = Required<
  Pick<
    Adapter,
    "createUser" | "linkAccount" | "getAccountByUserId" | "updateAccountTokens" | "refreshAccountTokens"
  >
>;

/** Creates a user and links their account `name` at provider `dev`, with tokens that need a refresh. */
export async function linked(adapter: TokenStore, name: string): Promise<AdapterAccount> {
  const user = await adapter.createUser({ email: `${name}@example.test`, emailVerified: null });
  const account: AdapterAccount = {
    userId: user.id,
    type: "oidc",
    provider: "dev",
    providerAccountId: name,
    access_token: "old-access",
    refresh_token: "old-refresh",
    expires_at: 100,
    token_type: "bearer",
    scope: "openid",
    id_token: "id",
  };
  await adapter.linkAccount(account);
  return account;
}

/**
 * The adapter extensions behind getAccessToken, on their own: the lookup, the writes, the rollback.
 * Run on the memory adapter in core and on each SQL database in @gatehouse/sql (which adds the lock
 * across two connections).
 */
export function accountTokenCases(store: () => TokenStore): void {
  test("getAccountByUserId finds the user's account at a provider, and nothing else", async () => {
    const account = await linked(store(), "finder");
    assert.deepEqual(await store().getAccountByUserId(account.userId, "dev"), {
      ...account,
      session_state: null,
    });
    assert.equal(await store().getAccountByUserId(account.userId, "other"), null);
    assert.equal(await store().getAccountByUserId(crypto.randomUUID(), "dev"), null);
  });

  test("updateAccountTokens writes given fields, clears nulls, keeps absent ones", async () => {
    const account = await linked(store(), "updater");
    const key = { provider: "dev", providerAccountId: "updater" };
    assert.equal(await store().updateAccountTokens(key, { access_token: "new", refresh_token: null }), true);
    const after = await store().getAccountByUserId(account.userId, "dev");
    assert.deepEqual(
      [after?.access_token, after?.refresh_token, after?.expires_at, after?.id_token],
      ["new", null, 100, "id"],
    );
    assert.equal(
      await store().updateAccountTokens({ provider: "dev", providerAccountId: "nobody" }, {}),
      false,
    );
  });

  test("a refresh that throws rolls back and rejects with its own error; the connection stays usable", async () => {
    const account = await linked(store(), "thrower");
    const key = { provider: "dev", providerAccountId: "thrower" };
    const boom = new Error("provider exploded");
    await assert.rejects(
      store().refreshAccountTokens(key, async () => {
        throw boom;
      }),
      (error) => error === boom,
    );
    const row = await store().refreshAccountTokens(key, async () => ({ access_token: "after" }));
    assert.equal(row?.access_token, "after");
    assert.equal((await store().getAccountByUserId(account.userId, "dev"))?.access_token, "after");
  });

  test("refreshAccountTokens of an unknown account is null and never calls refresh", async () => {
    let called = false;
    const row = await store().refreshAccountTokens(
      { provider: "dev", providerAccountId: "ghost" },
      async () => {
        called = true;
        return null;
      },
    );
    assert.equal(row, null);
    assert.equal(called, false);
  });
}
