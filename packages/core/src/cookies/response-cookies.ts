import { type CookieAttributes, serializeCookie } from "./cookie.ts";

/** Collects the cookies a response sets; the last write of a name wins. */
export class ResponseCookies {
  readonly #entries = new Map<string, string>();
  readonly #secure: boolean;

  constructor(secure: boolean) {
    this.#secure = secure;
  }

  set(name: string, value: string, attributes: Omit<CookieAttributes, "secure"> = {}): void {
    this.#entries.set(name, serializeCookie(name, value, { ...attributes, secure: this.#secure }));
  }

  delete(name: string): void {
    this.#entries.set(name, serializeCookie(name, "", { maxAge: 0, secure: this.#secure }));
  }

  has(name: string): boolean {
    return this.#entries.has(name);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Every collected cookie, as `Set-Cookie` header values in the order first set. */
  values(): string[] {
    return [...this.#entries.values()];
  }

  /** Appends every collected cookie to the headers. */
  applyTo(headers: Headers): void {
    for (const value of this.#entries.values()) headers.append("Set-Cookie", value);
  }
}
