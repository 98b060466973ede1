import type { Theme } from "../config/options.ts";
import type { PageProvider } from "./page-model.ts";

const DEFAULT_BRAND_COLOR = "#346df1";
const DEFAULT_BUTTON_TEXT = "#fff";

/*
 * A strict allow-list, not a CSS parser: hex, rgb()/hsl() with digits, commas, spaces, % and dots,
 * or one keyword of ASCII letters. None of these can contain `;`, `{`, `}`, `<`, quotes, `/` or
 * `url(`, so a value can neither add declarations nor leave the rule or the <style> element.
 */
const CSS_COLOR = /^(?:#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})|(?:rgba?|hsla?)\([\d\s,.%]+\)|[a-z]+)$/i;

/** The value if it is an allow-listed CSS colour, else null. */
export function safeCssColor(value: unknown): string | null {
  return typeof value === "string" && value.length <= 64 && CSS_COLOR.test(value) ? value : null;
}

/**
 * The value if it is an http(s) URL or a path on this site (`/logo.svg`), else null. Everything
 * else — `javascript:`, `data:`, scheme-relative `//host`, backslash and whitespace tricks — is
 * dropped rather than repaired.
 */
export function safeImageUrl(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2048) return null;
  if (value.startsWith("/")) return /^\/(?![/\\])[^\s\\]*$/.test(value) ? value : null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The class a provider's button carries; index-based so provider ids never reach the CSS. */
export function providerClassName(index: number): string {
  return `provider-${index}`;
}

/**
 * CSS custom properties for the theme and each provider's colours. Delivered inside the nonce'd
 * <style> element rather than in `style` attributes: the page CSP (`style-src 'nonce-…'`) blocks
 * inline style attributes, so colours set there would silently never apply.
 */
export function themeCss(theme: Theme, providers: readonly PageProvider[] = []): string {
  const brand = safeCssColor(theme.brandColor) ?? DEFAULT_BRAND_COLOR;
  const text = safeCssColor(theme.buttonText) ?? DEFAULT_BUTTON_TEXT;
  let css = `:root{--brand-color:${brand};--button-text-color:${text}}`;
  providers.forEach((provider, index) => {
    const bg = safeCssColor(provider.style?.bg);
    const fg = safeCssColor(provider.style?.text);
    const declarations = [bg && `--provider-bg:${bg}`, fg && `--provider-text:${fg}`].filter(Boolean);
    if (declarations.length > 0) css += `.${providerClassName(index)}{${declarations.join(";")}}`;
  });
  return css;
}
