// Tests only: an Express app on 127.0.0.1 and a client that behaves like a browser.
import assert from "node:assert/strict";
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before } from "node:test";
import { Credentials, type Gatehouse, type GatehouseOptions, gatehouse } from "@gatehouse/core";
import type { Express } from "express";

export const SESSION = "gatehouse.session-token";
export const ada = { id: "ada", name: "Ada Lovelace", email: "ada@example.test" };

export function createAuth(options: Partial<GatehouseOptions> = {}): Gatehouse {
  return gatehouse({
    ...options,
    secret: "express-adapter-secret-express-adapter-secret-0123",
    providers: [
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: (c) => (c.username === "ada" && c.password === "pw" ? ada : null),
      }),
    ],
    logger: { error: () => {}, warn: () => {} },
  });
}

/** An Express app listening on 127.0.0.1; `origin` once started. */
export function serve(app: Express): { origin: () => string; close: () => void } {
  let server: Server | undefined;
  let origin = "";
  before(async () => {
    server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server?.closeAllConnections();
    server?.close();
  });
  return { origin: () => origin, close: () => server?.close() };
}

/** Just enough of a browser's cookie store for one host. */
export class Jar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";", 1);
      const at = pair.indexOf("=");
      if (/max-age=0/i.test(line)) this.#cookies.delete(pair.slice(0, at));
      else this.#cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  has(name: string): boolean {
    return this.#cookies.has(name);
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** A browser-like request: the jar's cookies sent, its new cookies kept, redirects not followed. */
export async function call(
  origin: string,
  jar: Jar,
  path: string,
  init: { method?: string; body?: string; type?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { cookie: jar.header(), origin, ...init.headers };
  if (init.type) headers["content-type"] = init.type;
  const response = await fetch(`${origin}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body,
    redirect: "manual",
  });
  jar.store(response);
  return response;
}

export async function csrfToken(origin: string, jar: Jar): Promise<string> {
  const response = await call(origin, jar, "/api/auth/csrf");
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** Signs Ada in with the credentials form (or its JSON twin); returns the answer. */
export async function signIn(
  origin: string,
  jar: Jar,
  as: "form" | "json" = "form",
  callbackUrl?: string,
): Promise<Response> {
  const fields: Record<string, string> = {
    csrfToken: await csrfToken(origin, jar),
    username: "ada",
    password: "pw",
    ...(callbackUrl ? { callbackUrl } : {}),
  };
  return as === "form"
    ? call(origin, jar, "/api/auth/callback/credentials", {
        body: new URLSearchParams(fields).toString(),
        type: "application/x-www-form-urlencoded",
      })
    : call(origin, jar, "/api/auth/callback/credentials", {
        body: JSON.stringify({ ...fields, json: true }),
        type: "application/json",
      });
}

export async function sessionUser(origin: string, jar: Jar): Promise<unknown> {
  const response = await call(origin, jar, "/api/auth/session");
  assert.equal(response.status, 200);
  return ((await response.json()) as { user?: unknown }).user ?? null;
}

export async function signOut(origin: string, jar: Jar): Promise<Response> {
  return call(origin, jar, "/api/auth/signout", {
    body: new URLSearchParams({ csrfToken: await csrfToken(origin, jar) }).toString(),
    type: "application/x-www-form-urlencoded",
  });
}
