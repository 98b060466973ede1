import assert from "node:assert/strict";
import { newAccount, newUser, userFields } from "../fixtures.ts";
import type { CaseContext } from "../types.ts";

export function accountCases({ adapter, point }: CaseContext): void {
  point("linkAccount links accounts that getUserByAccount resolves to their user", async () => {
    const user = await adapter().createUser(newUser());
    const github = newAccount(user.id, "github");
    const google = newAccount(user.id, "google");
    await adapter().linkAccount(github);
    await adapter().linkAccount(google);
    assert.deepEqual(userFields(await adapter().getUserByAccount(github)), userFields(user));
    assert.equal((await adapter().getUserByAccount(google))?.id, user.id);
  });

  point("getUserByAccount of an unknown account resolves to null, and matches provider too", async () => {
    const user = await adapter().createUser(newUser());
    const account = newAccount(user.id, "github");
    await adapter().linkAccount(account);
    assert.equal(await adapter().getUserByAccount({ provider: "github", providerAccountId: "nope" }), null);
    const elsewhere = { provider: "gitlab", providerAccountId: account.providerAccountId };
    assert.equal(await adapter().getUserByAccount(elsewhere), null);
  });

  point("linkAccount rejects a second link of the same (provider, providerAccountId)", async () => {
    const owner = await adapter().createUser(newUser());
    const other = await adapter().createUser(newUser());
    const account = newAccount(owner.id);
    await adapter().linkAccount(account);
    await assert.rejects(async () => adapter().linkAccount({ ...account, userId: other.id }));
    assert.equal((await adapter().getUserByAccount(account))?.id, owner.id);
  });

  point("unlinkAccount removes the link; unlinking an unknown account does not throw", async () => {
    const user = await adapter().createUser(newUser());
    const account = newAccount(user.id);
    await adapter().linkAccount(account);
    await adapter().unlinkAccount(account);
    assert.equal(await adapter().getUserByAccount(account), null);
    assert.equal((await adapter().getUser(user.id))?.id, user.id, "unlinking keeps the user");
    await adapter().unlinkAccount({ provider: "github", providerAccountId: `gone-${crypto.randomUUID()}` });
  });
}
