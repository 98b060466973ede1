import assert from "node:assert/strict";
import { hashedToken, inMinutes, tag } from "../fixtures.ts";
import type { CaseContext } from "../types.ts";

function newToken() {
  return { identifier: `signin-${tag()}@example.test`, token: hashedToken(), expires: inMinutes(15) };
}

export function verificationTokenCases({ adapter, point }: CaseContext): void {
  point("useVerificationToken returns the stored token once, then null", async () => {
    const token = newToken();
    await adapter().createVerificationToken(token);
    const used = await adapter().useVerificationToken({ identifier: token.identifier, token: token.token });
    assert.ok(used, "the first use returns the token");
    assert.ok(used.expires instanceof Date);
    assert.deepEqual({ identifier: used.identifier, token: used.token, expires: used.expires }, token);
    assert.equal(
      await adapter().useVerificationToken({ identifier: token.identifier, token: token.token }),
      null,
    );
  });

  point("useVerificationToken must match both identifier and token", async () => {
    const token = newToken();
    await adapter().createVerificationToken(token);
    const otherIdentifier = { identifier: `other-${tag()}@example.test`, token: token.token };
    assert.equal(await adapter().useVerificationToken(otherIdentifier), null);
    assert.equal(
      await adapter().useVerificationToken({ identifier: token.identifier, token: hashedToken() }),
      null,
    );
    // A mismatched attempt must not consume the real token.
    const used = await adapter().useVerificationToken({ identifier: token.identifier, token: token.token });
    assert.equal(used?.token, token.token);
  });

  point("useVerificationToken of an unknown token resolves to null", async () => {
    assert.equal(
      await adapter().useVerificationToken({ identifier: "nobody@example.test", token: hashedToken() }),
      null,
    );
  });

  point("one identifier may hold several pending tokens, each usable once", async () => {
    const first = newToken();
    const second = { ...newToken(), identifier: first.identifier };
    await adapter().createVerificationToken(first);
    await adapter().createVerificationToken(second);
    assert.equal((await adapter().useVerificationToken(second))?.token, second.token);
    assert.equal((await adapter().useVerificationToken(first))?.token, first.token);
  });
}
