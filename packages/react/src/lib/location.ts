// The only code that touches `window.location`. Everything else returns URLs and takes a `navigate`.

/** The current page, or undefined outside a browser. */
export function currentHref(): string | undefined {
  return globalThis.location?.href;
}

/** The default `navigate`: a full page load, so cookies the server just set take effect. */
export function assignLocation(url: string): void {
  const location = globalThis.location;
  if (!location) return;
  location.assign(url);
  // A URL that differs only in its #fragment does not load a page; reload so the session is read again.
  if (url.includes("#")) location.reload();
}
