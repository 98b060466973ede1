import assert from "node:assert/strict";
import { hashedToken, inMinutes, newUser, userFields } from "../fixtures.ts";
import type { CaseContext } from "../types.ts";

export function sessionCases({ adapter, point }: CaseContext): void {
  point(
    "createSession, then getSessionAndUser returns the session (expires as a Date) and its user",
    async () => {
      const user = await adapter().createUser(newUser());
      const session = { sessionToken: hashedToken(), userId: user.id, expires: inMinutes(30) };
      assert.deepEqual(await adapter().createSession(session), session);
      const found = await adapter().getSessionAndUser(session.sessionToken);
      assert.ok(found, "the session is found");
      assert.ok(found.session.expires instanceof Date);
      assert.deepEqual(
        {
          sessionToken: found.session.sessionToken,
          userId: found.session.userId,
          expires: found.session.expires,
        },
        session,
      );
      assert.deepEqual(userFields(found.user), userFields(user));
    },
  );

  point("getSessionAndUser of an unknown token resolves to null", async () => {
    assert.equal(await adapter().getSessionAndUser(hashedToken()), null);
  });

  point(
    "getSessionAndUser returns an expired session as stored (expiry is the caller's decision)",
    async () => {
      const user = await adapter().createUser(newUser());
      const session = { sessionToken: hashedToken(), userId: user.id, expires: inMinutes(-5) };
      await adapter().createSession(session);
      assert.deepEqual(
        (await adapter().getSessionAndUser(session.sessionToken))?.session.expires,
        session.expires,
      );
    },
  );

  point("updateSession moves the expiry and returns the updated session", async () => {
    const user = await adapter().createUser(newUser());
    const session = { sessionToken: hashedToken(), userId: user.id, expires: inMinutes(30) };
    await adapter().createSession(session);
    const later = inMinutes(60 * 24 * 30);
    const updated = await adapter().updateSession({ sessionToken: session.sessionToken, expires: later });
    assert.ok(updated, "updateSession returns the session");
    assert.equal(updated.expires.getTime(), later.getTime());
    assert.equal(updated.userId, user.id);
    assert.deepEqual((await adapter().getSessionAndUser(session.sessionToken))?.session.expires, later);
  });

  point("updateSession of an unknown token resolves to null or undefined", async () => {
    // A sign-out in another tab can delete the session between the read and the sliding update.
    const result = await adapter().updateSession({ sessionToken: hashedToken(), expires: inMinutes(10) });
    assert.ok(result === null || result === undefined, "no session is invented");
  });

  point("deleteSession removes only that session; deleting an unknown one does not throw", async () => {
    const user = await adapter().createUser(newUser());
    const kept = { sessionToken: hashedToken(), userId: user.id, expires: inMinutes(30) };
    const removed = { sessionToken: hashedToken(), userId: user.id, expires: inMinutes(30) };
    await adapter().createSession(kept);
    await adapter().createSession(removed);
    await adapter().deleteSession(removed.sessionToken);
    assert.equal(await adapter().getSessionAndUser(removed.sessionToken), null);
    assert.equal((await adapter().getSessionAndUser(kept.sessionToken))?.user.id, user.id);
    await adapter().deleteSession(hashedToken());
  });
}
