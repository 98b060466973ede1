import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Answer } from "@gatehouse/core";

/** What is written to the socket: core's plain answer, or a `Response` read into one. */
export interface Written {
  status: number;
  headers: Readonly<Record<string, string>>;
  cookies: readonly string[];
  body: string | Uint8Array | null;
}

/**
 * Writes an answer in one `writeHead` and one `end`: each cookie its own `Set-Cookie` line, and a
 * `Content-Length` (`writeHead` without one would send the body chunked). `close`: the request body
 * was left unread (refused past the limit), so the connection is closed rather than kept alive.
 */
export function writeAnswer(res: ServerResponse, answer: Answer | Written, close = false): void {
  if (res.destroyed) return; // the client went away: nobody to answer
  const { body } = answer;
  const length = body === null ? 0 : typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
  const headers: OutgoingHttpHeaders = { ...answer.headers, "content-length": length };
  if (answer.cookies.length > 0) headers["set-cookie"] = [...answer.cookies];
  if (close) headers.connection = "close";
  res.writeHead(answer.status, headers);
  res.end(body ?? undefined);
}

/** A Web `Response` as an answer to write: its body read whole (core's answers are small). */
export async function readResponse(response: Response): Promise<Written> {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
  const body = response.body === null ? null : new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers, cookies: response.headers.getSetCookie(), body };
}
