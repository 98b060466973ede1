import { getCsrfToken } from "@gatehouse/react";
import { ApiError } from "./api-error.ts";
import { isRecord } from "./narrow.ts";

/** The auth endpoint the console talks to. */
export const AUTH_BASE = "/api/auth";

/** Options of `getJson` and `postAction`; `fetch` is injectable for tests. */
export interface RequestOptions {
  fetch?: typeof fetch;
  /** Supplies the CSRF token of a POST; default: `GET csrf` through @gatehouse/react. */
  csrfToken?: () => Promise<string | null>;
}

/**
 * Reads a JSON endpoint of `/api/auth` and narrows its answer with `parse`; throws an `ApiError`.
 * @example const { sessions } = await getJson("/sessions", parseSessions)
 */
export async function getJson<T>(path: string, parse: (body: unknown) => T, options: RequestOptions = {}) {
  return parse(await answer(path, { headers: { Accept: "application/json" } }, options));
}

/**
 * Posts `fields` to a JSON action of `/api/auth` with a fresh CSRF token; the answer is narrowed with
 * `parse`. Every value is a string, as the server's form bodies are. Throws an `ApiError`.
 * @example await postAction("/session-revoke", { id }, parseOk)
 */
export async function postAction<T>(
  path: string,
  fields: Record<string, string>,
  parse: (body: unknown) => T,
  options: RequestOptions = {},
): Promise<T> {
  const csrfToken = (await (options.csrfToken ?? getCsrfToken)()) ?? "";
  const body = new URLSearchParams({ ...fields, csrfToken });
  const init: RequestInit = {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body,
  };
  return parse(await answer(path, init, options));
}

/** The 2xx JSON body of one request, or the `ApiError` it stands for. */
async function answer(path: string, init: RequestInit, options: RequestOptions): Promise<unknown> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(AUTH_BASE + path, { ...init, credentials: "same-origin" });
  } catch {
    throw new ApiError("NetworkError", { status: 0 });
  }
  // A proxy's HTML error page or an empty body is not data: only the status is known then.
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body;
  throw errorOf(response, body);
}

/** The server's `{ error, message }` as an `ApiError`; a bare 403 `{}` is a failed CSRF check. */
function errorOf(response: Response, body: unknown): ApiError {
  const fields = isRecord(body) ? body : {};
  const { status } = response;
  const fallback =
    status === 429
      ? "RateLimited"
      : status === 403 && Object.keys(fields).length === 0
        ? "MissingCSRF"
        : "Default";
  const code = typeof fields.error === "string" && fields.error !== "" ? fields.error : fallback;
  const message = typeof fields.message === "string" ? fields.message : undefined;
  const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
  return new ApiError(code, {
    status,
    ...(message ? { message } : {}),
    retryAfter: Number.isFinite(retryAfter) ? retryAfter : null,
  });
}
