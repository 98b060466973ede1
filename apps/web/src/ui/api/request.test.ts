import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ApiError } from "./api-error.ts";
import { parseOk } from "./narrow.ts";
import { getJson, postAction } from "./request.ts";

/** A fetch that records its calls and answers `response`. */
function fakeFetch(response: () => Response) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return response();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const csrfToken = async () => "the-token";

describe("postAction", () => {
  it("posts the fields and the CSRF token as a form to /api/auth, and narrows the answer", async () => {
    const { fetch, calls } = fakeFetch(() => Response.json({ ok: true }));
    assert.deepEqual(await postAction("/session-revoke", { id: "abc" }, parseOk, { fetch, csrfToken }), {
      ok: true,
    });
    const [call] = calls;
    assert.equal(call?.url, "/api/auth/session-revoke");
    assert.equal(call?.init?.method, "POST");
    assert.equal(String(call?.init?.body), "id=abc&csrfToken=the-token");
    assert.equal(new Headers(call?.init?.headers).get("content-type"), "application/x-www-form-urlencoded");
  });

  it("throws the server's code and message with the status", async () => {
    const { fetch } = fakeFetch(() =>
      Response.json({ error: "LastSignInMethod", message: "This is the last way…" }, { status: 409 }),
    );
    await assert.rejects(postAction("/account-unlink", { provider: "dev" }, parseOk, { fetch, csrfToken }), {
      name: "ApiError",
      code: "LastSignInMethod",
      status: 409,
      message: "This is the last way…",
    });
  });

  it("reads a bare 403 as a failed CSRF check, a 429 as a rate limit, and no answer as a network error", async () => {
    const csrf = fakeFetch(() => Response.json({}, { status: 403 }));
    await assert.rejects(postAction("/x", {}, parseOk, { fetch: csrf.fetch, csrfToken }), {
      code: "MissingCSRF",
    });
    const limited = fakeFetch(
      () => new Response("slow down", { status: 429, headers: { "Retry-After": "30" } }),
    );
    await assert.rejects(postAction("/x", {}, parseOk, { fetch: limited.fetch, csrfToken }), {
      code: "RateLimited",
      retryAfter: 30,
    });
    const down = fakeFetch(() => {
      throw new TypeError("fetch failed");
    });
    await assert.rejects(postAction("/x", {}, parseOk, { fetch: down.fetch, csrfToken }), {
      code: "NetworkError",
      status: 0,
    });
  });
});

describe("getJson", () => {
  it("refuses a 2xx answer of the wrong shape instead of passing it on", async () => {
    const { fetch } = fakeFetch(() => Response.json({ something: "else" }));
    const error = await getJson("/account", parseOk, { fetch }).catch((caught: unknown) => caught);
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, "Default");
    assert.match(error.message, /could not be read/);
  });
});
