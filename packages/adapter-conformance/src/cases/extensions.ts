import assert from "node:assert/strict";
import { hashedToken, newIdentity, newUser, tag, userFields } from "../fixtures.ts";
import type { CaseContext } from "../types.ts";

const PARALLEL_SIGN_INS = 100;
const PARALLEL_TOKEN_USES = 20;

export function extensionCases({ adapter, extensions, count, point }: CaseContext): void {
  point("listAccountsByUserId lists the user's accounts, and no one else's", async () => {
    const user = await adapter().createUser(newUser());
    const other = await adapter().createUser(newUser("other"));
    const github = { ...newIdentity("github"), userId: user.id };
    const gitlab = { ...newIdentity("gitlab"), userId: user.id };
    await adapter().linkAccount(github);
    await adapter().linkAccount(gitlab);
    await adapter().linkAccount({ ...newIdentity("github"), userId: other.id });
    const list = extensions().listAccountsByUserId;
    assert.equal(typeof list, "function", "the adapter has listAccountsByUserId");
    const accounts = await list!(user.id);
    assert.deepEqual(accounts.map((account) => [account.provider, account.providerAccountId]).sort(), [
      ["github", github.providerAccountId],
      ["gitlab", gitlab.providerAccountId],
    ]);
    assert.deepEqual(await list!("no-such-user"), []);
  });

  point("createUserAndAccount creates the user and links the account in one call", async () => {
    const data = newUser();
    const account = newIdentity();
    const user = await extensions().createUserAndAccount(data, account);
    assert.deepEqual(userFields(user), { id: user.id, ...data });
    assert.equal((await adapter().getUserByAccount(account))?.id, user.id);
  });

  point(
    "createUserAndAccount of an already linked account returns its owner and creates nothing",
    async () => {
      const account = newIdentity();
      const owner = await extensions().createUserAndAccount(newUser(), account);
      const again = await extensions().createUserAndAccount(newUser("other"), account);
      assert.equal(again.id, owner.id);
    },
  );

  point(
    `createUserAndAccount: ${PARALLEL_SIGN_INS} parallel first sign-ins make one user and one account`,
    async () => {
      const counter = count();
      const before = counter && { users: await counter("users"), accounts: await counter("accounts") };
      const data = newUser("race");
      const account = newIdentity();
      const results = await Promise.allSettled(
        Array.from({ length: PARALLEL_SIGN_INS }, () => extensions().createUserAndAccount(data, account)),
      );
      const rejected = results.filter((result) => result.status === "rejected");
      assert.deepEqual(rejected, [], "no call rejects");
      const ids = new Set(results.map((result) => (result.status === "fulfilled" ? result.value.id : "")));
      assert.equal(ids.size, 1, "every call resolves to the same user");
      const [id] = ids;
      assert.equal((await adapter().getUserByEmail(data.email))?.id, id);
      assert.equal((await adapter().getUserByAccount(account))?.id, id);
      if (counter && before) {
        assert.equal(await counter("users"), before.users + 1, "exactly one user row");
        assert.equal(await counter("accounts"), before.accounts + 1, "exactly one account row");
      }
    },
  );

  point(
    "createUserAndAccount rejects an email held by another user with code EmailTaken, linking nothing",
    async () => {
      const holder = await adapter().createUser(newUser());
      const account = newIdentity();
      await assert.rejects(
        async () => extensions().createUserAndAccount({ ...newUser(), email: holder.email }, account),
        (error: unknown) => (error as { code?: unknown }).code === "EmailTaken",
      );
      assert.equal(await adapter().getUserByAccount(account), null, "the transaction rolled back");
    },
  );

  point(
    `useVerificationToken: ${PARALLEL_TOKEN_USES} parallel uses of one token succeed exactly once`,
    async () => {
      const token = {
        identifier: `race-${tag()}@example.test`,
        token: hashedToken(),
        expires: new Date(Date.now() + 600_000),
      };
      await adapter().createVerificationToken(token);
      const results = await Promise.all(
        Array.from({ length: PARALLEL_TOKEN_USES }, () =>
          adapter().useVerificationToken({ identifier: token.identifier, token: token.token }),
        ),
      );
      assert.equal(results.filter((result) => result !== null).length, 1);
    },
  );

  point(
    "deleteExpiredSessions deletes sessions and tokens that expired before `now`, nothing else",
    async () => {
      // A `now` in the past keeps this independent of the rows other cases left behind.
      const now = new Date(Date.UTC(2000, 0, 1));
      const before = new Date(Date.UTC(1999, 11, 31));
      const after = new Date(Date.UTC(2000, 0, 2));
      const user = await adapter().createUser(newUser());
      const expired = [hashedToken(), hashedToken()];
      const live = hashedToken();
      for (const sessionToken of expired)
        await adapter().createSession({ sessionToken, userId: user.id, expires: before });
      await adapter().createSession({ sessionToken: live, userId: user.id, expires: after });
      const oldToken = { identifier: `old-${tag()}@example.test`, token: hashedToken(), expires: before };
      const newToken = { identifier: `new-${tag()}@example.test`, token: hashedToken(), expires: after };
      await adapter().createVerificationToken(oldToken);
      await adapter().createVerificationToken(newToken);

      assert.equal(await extensions().deleteExpiredSessions(now), 2, "the count is of sessions");

      for (const sessionToken of expired) assert.equal(await adapter().getSessionAndUser(sessionToken), null);
      assert.equal((await adapter().getSessionAndUser(live))?.user.id, user.id);
      assert.equal(await adapter().useVerificationToken(oldToken), null);
      assert.equal((await adapter().useVerificationToken(newToken))?.token, newToken.token);
      assert.equal(await extensions().deleteExpiredSessions(now), 0, "a second run finds nothing");
    },
  );
}
