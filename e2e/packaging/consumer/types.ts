/**
 * Type-checked (never run) by the packaging test against the `.d.ts` the tarballs ship, with
 * `module: nodenext` and no `skipLibCheck`. Each `@ts-expect-error` proves a type is real: a
 * declaration that failed to resolve would be `any`, and the directive would then be unused.
 */
import { Credentials, type Gatehouse, gatehouse, type Session } from "@gatehouse/core";
import type { Adapter } from "@gatehouse/core/adapter";
import { createMemoryAdapter } from "@gatehouse/core/memory";
import { GitHub } from "@gatehouse/core/providers";
import { createAccessTokenVerifier, type Principal } from "@gatehouse/core/resource";
import { startDevProvider } from "@gatehouse/dev-provider";
import { loginAtDevProvider } from "@gatehouse/dev-provider/testing";
import { SessionProvider, useSession } from "@gatehouse/react";
import { smtpSender } from "@gatehouse/smtp";
import { createSqlAdapter, type SqlAdapter } from "@gatehouse/sql";

const sql: SqlAdapter = createSqlAdapter({ url: "sqlite::memory:" });
const adapter: Adapter = sql;
const memory: Adapter = createMemoryAdapter();

const auth: Gatehouse = gatehouse({
  secret: "a-packaging-test-secret-of-at-least-32-characters",
  adapter: Math.random() > 0.5 ? adapter : memory,
  providers: [
    GitHub({ clientId: "id", clientSecret: "secret" }),
    Credentials({ credentials: { username: {} }, authorize: () => null }),
  ],
});
const response: Promise<Response> = auth.handler(new Request("http://localhost/api/auth/session"));
const session: Promise<Session | null> = auth.getSession(new Request("http://localhost/"));

// @ts-expect-error: the handler takes a Request, not a URL string
auth.handler("http://localhost/api/auth/session");
// @ts-expect-error: createSqlAdapter takes an options object
createSqlAdapter("sqlite::memory:");

const verify = createAccessTokenVerifier({ issuer: "https://issuer.example", audience: "api" });
const principal: Promise<Principal | null> = verify(new Request("http://localhost/api"));

const sender = smtpSender({ server: "smtp://localhost:2525", from: "Example <no-reply@example.test>" });
// biome-ignore lint/correctness/useHookAtTopLevel: only type-checked, never run (React rules apply to e2e, which depends on react)
const state: { status: "loading" | "authenticated" | "unauthenticated" } = useSession();
const provider = SessionProvider({ children: null });
const devProvider = startDevProvider({ clients: [] });
const loginUrl: Promise<URL> = loginAtDevProvider("http://issuer", "http://issuer/auth", "ada");

export { devProvider, loginUrl, principal, provider, response, sender, session, state };
