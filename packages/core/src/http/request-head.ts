/**
 * What core reads of a request: its method, absolute URL and headers. A Web `Request` is one; a
 * server adapter can describe a request this way without building one (`Gatehouse#answer`).
 *
 * @example
 * const head: RequestHead = { method: "GET", url: "http://127.0.0.1:3000/api/auth/session", headers: new Headers() };
 */
export interface RequestHead {
  /** As on the wire, e.g. `GET`. */
  readonly method: string;
  /** The absolute URL, e.g. `http://127.0.0.1:3000/api/auth/session`. Parsed only when an endpoint needs its query. */
  readonly url: string;
  /**
   * A header by name, any case; null when absent. Several fields of one name are joined as
   * `Headers#get` joins them: `, `, and `; ` for `Cookie`.
   */
  readonly headers: { get(name: string): string | null };
}
