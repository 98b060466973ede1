import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Adapter } from "../../src/adapter/adapter.ts";
import { gatehouse, OIDC } from "../../src/index.ts";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  type FakeProvider,
  startFakeProvider,
} from "../provider-fakes/fake-provider.ts";
import { APP, entriesLogger, SECRET, sessionTokenSet, TestBrowser } from "./flows.ts";
import { freshStorage } from "./fresh-storage.ts";

/** What the suite asks storage directly: the sessions a user has. */
export type ReplaySuiteAdapter = Adapter & Required<Pick<Adapter, "getUserByAccount" | "listSessionRecords">>;

/** Storage for the suite, and a second connection to the same store: another app instance's. */
export interface ReplayStorage {
  adapter: ReplaySuiteAdapter;
  another(): ReplaySuiteAdapter;
  close(): Promise<void>;
}

export const LAX_ISSUER = "https://lax-idp.example";
const SUB = "ada-at-lax";

/**
 * A provider that accepts an authorization code more than once (RFC 6749 §4.1.2 says it must not;
 * some do): the fake of packages/core/test/provider-fakes answers fresh tokens for every exchange.
 */
export function startLaxProvider(): Promise<FakeProvider> {
  const person = { sub: SUB, name: "Ada Lovelace", email: "ada@lax.example" };
  return startFakeProvider({
    issuer: LAX_ISSUER,
    authorizationEndpoint: `${LAX_ISSUER}/authorize`,
    tokenEndpoint: `${LAX_ISSUER}/token`,
    userinfoEndpoint: `${LAX_ISSUER}/userinfo`,
    clientAuth: "client_secret_basic",
    idToken: () => ({ ...person }),
    resources: { [`${LAX_ISSUER}/userinfo`]: () => ({ ...person }) },
    reusableCodes: true,
  });
}

/** Gatehouse's provider entry for the lax provider; `form_post` returns by a cross-site POST. */
export function laxProvider(id = "lax", responseMode: "query" | "form_post" = "query") {
  return OIDC({
    id,
    name: "Lax",
    issuer: LAX_ISSUER,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    responseMode,
  });
}

type Handler = (request: Request) => Promise<Response>;

/** A captured callback request: where the provider sent the browser, with the cookies it carried. */
export interface CapturedCallback {
  path: string;
  cookie: string;
  /** The form fields, for a `response_mode=form_post` return. */
  form?: Record<string, string>;
}

/** Runs a flow of `providerId` up to its callback in a fresh browser, and captures that request. */
export async function captureCallback(
  lax: FakeProvider,
  handler: Handler,
  providerId = "lax",
): Promise<CapturedCallback> {
  const browser = new TestBrowser(handler);
  const csrfToken = await browser.csrf();
  const started = await browser.request(`/api/auth/signin/${providerId}`, {
    form: { csrfToken, callbackUrl: `${APP}/dashboard` },
  });
  const answer = await lax.fetch(started.headers.get("location")!, { redirect: "manual" });
  if (answer.status === 302) {
    const back = new URL(answer.headers.get("location")!);
    return { path: back.pathname + back.search, cookie: browser.cookieHeader() };
  }
  const page = await answer.text(); // the provider's form_post page
  const form: Record<string, string> = {};
  for (const [, name, value] of page.matchAll(/name="([^"]+)" value="([^"]*)"/g)) form[name!] = value!;
  return { path: `/api/auth/callback/${providerId}`, cookie: browser.cookieHeader(), form };
}

/** Sends the captured callback (again), exactly as it was, through `handler`. */
export function replay(
  handler: Handler,
  captured: CapturedCallback,
  headers: Record<string, string> = {},
  extra: Record<string, string> = {},
): Promise<Response> {
  const browser = new TestBrowser(handler);
  const init = { headers: { cookie: captured.cookie, ...headers } };
  return captured.form
    ? browser.request(captured.path, { ...init, form: { ...captured.form, ...extra } })
    : browser.request(captured.path, init);
}

/**
 * One OAuth callback, one session (issue 22, item 4): a flow's state is spent on the server before
 * its code is exchanged, so a replayed callback — however often, however fast, on whichever
 * instance — makes no second session even against a provider that accepts the code again. Storage
 * from `open`; both session strategies.
 */
export function oauthReplaySuite(label: string, open: () => Promise<ReplayStorage>): void {
  for (const strategy of ["database", "jwt"] as const) {
    describe(`${label} (${strategy} sessions)`, () => {
      const storage = freshStorage(async () => {
        const opened = await open();
        return { adapter: opened, close: () => opened.close() };
      });
      let lax: FakeProvider;
      before(async () => {
        lax = await startLaxProvider();
      });
      after(() => lax.close());

      async function apps() {
        const opened = await storage();
        const logger = entriesLogger();
        const instance = (adapter: ReplaySuiteAdapter) =>
          gatehouse({
            secret: SECRET,
            url: `${APP}/api/auth`,
            adapter,
            session: { strategy },
            fetch: lax.fetch,
            providers: [laxProvider("lax"), laxProvider("lax-post", "form_post")],
            logger,
          }).handler;
        const first = instance(opened.adapter);
        /** Ada's sessions, as storage keeps them. */
        const sessions = async () => {
          const user = await opened.adapter.getUserByAccount({ provider: "lax", providerAccountId: SUB });
          const viaPost = await opened.adapter.getUserByAccount({
            provider: "lax-post",
            providerAccountId: SUB,
          });
          const id = user?.id ?? viaPost?.id;
          return id ? (await opened.adapter.listSessionRecords(id, new Date())).length : 0;
        };
        return { first, second: () => instance(opened.another()), sessions, logger };
      }

      const capture = (handler: Handler, providerId = "lax") => captureCallback(lax, handler, providerId);

      /** Sent to the error page with the catalogue code (which that page answers 403). */
      function refused(response: Response): void {
        assert.equal(response.status, 302);
        const location = new URL(response.headers.get("location") ?? "");
        assert.equal(location.pathname, "/api/auth/error");
        assert.equal(location.searchParams.get("error"), "OAuthCallbackReplayed");
        assert.equal(sessionTokenSet(response), undefined, "no session cookie");
      }

      test("a replayed callback makes no second session", async () => {
        const { first, sessions, logger } = await apps();
        const captured = await capture(first);
        const before = lax.exchanges;
        const done = await replay(first, captured);
        assert.equal(done.headers.get("location"), `${APP}/dashboard`);
        assert.ok(sessionTokenSet(done));

        for (let i = 0; i < 3; i++) refused(await replay(first, captured));
        assert.equal(await sessions(), 1, "one session for one callback");
        assert.equal(lax.exchanges, before + 1, "a replay never reached the provider");
        assert.ok(logger.entries.some((entry) => entry.code === "OAuthCallbackReplayed"));
      });

      test("a replay is refused in the Auth.js JSON form too: 403 and the error page URL", async () => {
        // The same person at two providers would be OAuthAccountNotLinked: storage of its own each.
        for (const providerId of ["lax", "lax-post"]) {
          const { first, sessions } = await apps();
          const captured = await capture(first, providerId);
          assert.ok(sessionTokenSet(await replay(first, captured)), providerId);
          // v5 clients say so in a header; v4 clients POST json=true.
          const answer = captured.form
            ? await replay(first, captured, {}, { json: "true" })
            : await replay(first, captured, { "x-auth-return-redirect": "1" });
          assert.equal(answer.status, 403, providerId);
          const { url } = (await answer.json()) as { url: string };
          assert.equal(new URL(url).pathname, "/api/auth/error");
          assert.equal(new URL(url).searchParams.get("error"), "OAuthCallbackReplayed");
          assert.equal(sessionTokenSet(answer), undefined);
          assert.equal(await sessions(), 1, `${providerId}: one session`);
        }
      });

      test("of concurrent copies of one callback the first wins and only one session is made", async () => {
        const { first, sessions } = await apps();
        const captured = await capture(first);
        const before = lax.exchanges;
        const answers = await Promise.all(Array.from({ length: 6 }, () => replay(first, captured)));
        const winners = answers.filter((answer) => sessionTokenSet(answer) !== undefined);
        assert.equal(winners.length, 1, "exactly one copy signed in");
        for (const answer of answers) if (!winners.includes(answer)) refused(answer);
        assert.equal(await sessions(), 1);
        assert.equal(lax.exchanges, before + 1, "the code was exchanged once");
      });

      test("a replay on another instance sharing the storage makes no second session, racing or not", async () => {
        const { first, second, sessions } = await apps();
        const other = second();
        const captured = await capture(first);
        assert.ok(sessionTokenSet(await replay(first, captured)));
        refused(await replay(other, captured));

        const raced = await capture(other);
        const answers = await Promise.all([0, 1, 2, 3].map((i) => replay(i % 2 ? first : other, raced)));
        assert.equal(answers.filter((answer) => sessionTokenSet(answer) !== undefined).length, 1);
        assert.equal(await sessions(), 2, "one session per flow, across instances");
      });

      test("a callback without its check cookies spends nothing and still fails as before", async () => {
        const { first, sessions } = await apps();
        const captured = await capture(first);
        const bare = await replay(first, { ...captured, cookie: "" });
        assert.equal(new URL(bare.headers.get("location")!).searchParams.get("error"), "OAuthCallback");
        const done = await replay(first, captured); // the real one still completes
        assert.ok(sessionTokenSet(done));
        assert.equal(await sessions(), 1);
      });
    });
  }
}
