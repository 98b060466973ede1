/** The `?error=` code of a URL, or null. A regex rather than `new URL`, which throws on odd input. */
export function errorOf(url: string): string | null {
  return new URLSearchParams(url.replace(/^[^?#]*\??|#.*/g, "")).get("error");
}
