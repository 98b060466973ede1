/**
 * A response as plain data. `handler` wraps it in a `Response`; a server adapter writes it to the
 * socket directly (`Gatehouse#answer`).
 */
export interface Answer {
  readonly status: number;
  /** Every header but `Set-Cookie`, names in lower case. Shared between answers: never mutate it. */
  readonly headers: Readonly<Record<string, string>>;
  /** One `Set-Cookie` header value per cookie, in the order they were set. */
  readonly cookies: readonly string[];
  readonly body: string | null;
}

/** The answer as a Web `Response`, with each cookie its own `Set-Cookie` header. */
export function toResponse(answer: Answer): Response {
  const { status, body, cookies } = answer;
  // A plain record when there is nothing to append: Node's bridges write it out without a `Headers`.
  if (cookies.length === 0) return new Response(body, { status, headers: answer.headers });
  const headers = new Headers(answer.headers);
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(body, { status, headers });
}
