import type { HandlerInfo } from "../../src/index.ts";
import { TestBrowser } from "./flows.ts";

/**
 * Makes browsers for `handler` as a server integration presents them: each comes from a client
 * address (`address`, or `address(n)` for the nth browser made, from 1) and, when one is given,
 * sends its own User-Agent.
 *
 * @example
 * const browser = browsers(auth.handler, (n) => `100.64.0.${n}`);
 * const laptop = browser("Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0");
 */
export function browsers(
  handler: (request: Request, info: HandlerInfo) => Promise<Response>,
  address: string | ((n: number) => string),
): (userAgent?: string) => TestBrowser {
  let made = 0;
  return (userAgent) => {
    const clientAddress = typeof address === "string" ? address : address(++made);
    return new TestBrowser((request) => {
      if (userAgent === undefined) return handler(request, { clientAddress });
      const headers = new Headers(request.headers);
      headers.set("user-agent", userAgent);
      return handler(new Request(request, { headers }), { clientAddress });
    });
  };
}
