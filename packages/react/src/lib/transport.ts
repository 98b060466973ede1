import { isRecord } from "./is-record.ts";

/** One answer of the endpoint. `body`: the parsed JSON, null for none or not JSON; `status` 0: no answer. */
export interface Reply {
  status: number;
  ok: boolean;
  headers: Headers;
  body: unknown;
}

/** How a client talks to its endpoint; internal, shared by the session and the password functions. */
export interface Transport {
  call(path: string, init?: RequestInit): Promise<Reply>;
  /** A GET whose 2xx JSON object answer is returned; null otherwise. */
  read(path: string): Promise<Record<string, unknown> | null>;
  csrfToken(): Promise<string | null>;
  /** Posts `fields` as a form with a fresh CSRF token, asking for JSON answers (docs/protocol.md §2, §3). */
  post(path: string, fields: Record<string, unknown>): Promise<Reply>;
}

/** The transport of `endpoint` (`baseUrl` + `basePath`). */
export function createTransport(endpoint: string, doFetch: typeof fetch): Transport {
  async function call(path: string, init?: RequestInit): Promise<Reply> {
    let status = 0;
    let headers = new Headers();
    try {
      const response = await doFetch(endpoint + path, init);
      ({ status, headers } = response);
      return { status, ok: response.ok, headers, body: await response.json() };
    } catch {
      // A network failure or a non-JSON answer (an HTML error page, a proxy's 502) is never data.
      return { status, ok: false, headers, body: null };
    }
  }

  async function read(path: string): Promise<Record<string, unknown> | null> {
    const reply = await call(path);
    return reply.ok && isRecord(reply.body) ? reply.body : null;
  }

  async function csrfToken(): Promise<string | null> {
    const body = await read("/csrf");
    return typeof body?.csrfToken === "string" ? body.csrfToken : null;
  }

  async function post(path: string, fields: Record<string, unknown>): Promise<Reply> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined) body.set(name, String(value));
    }
    body.set("csrfToken", (await csrfToken()) ?? "");
    body.set("json", "true");
    return call(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body,
    });
  }

  return { call, read, csrfToken, post };
}
