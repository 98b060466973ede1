import { ApiError } from "./api-error.ts";

/** A failure of a @gatehouse/react function (its results are values, never throws). */
interface ClientFailure {
  ok: false;
  status: number;
  error: string;
  message?: string;
  retryAfter?: number;
}

/**
 * The success of a @gatehouse/react result, or its failure thrown as an `ApiError`, as TanStack
 * Query wants it.
 * @example queryFn: async () => fromResult(await listPasskeys()).passkeys
 */
export function fromResult<R extends { ok: true } | ClientFailure>(result: R): Extract<R, { ok: true }> {
  if (result.ok) return result as Extract<R, { ok: true }>;
  const failure = result as ClientFailure;
  throw new ApiError(failure.error, {
    status: failure.status,
    ...(failure.message ? { message: failure.message } : {}),
    retryAfter: failure.retryAfter ?? null,
  });
}
