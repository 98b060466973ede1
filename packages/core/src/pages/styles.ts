/**
 * The static stylesheet of the built-in pages. It holds no request data and no configuration;
 * theme colours are added separately by `themeCss()`.
 */

export interface Palette {
  pageBg: string;
  cardBg: string;
  text: string;
  muted: string;
  border: string;
  inputBg: string;
  inputBorder: string;
  placeholder: string;
  /** Edge of branded buttons, so a provider colour close to the card's still reads as a button. */
  buttonEdge: string;
  link: string;
  focus: string;
  errorBg: string;
  errorText: string;
  errorBorder: string;
  /** Border of a field an error is about: reads as red, 3:1 on the input and the card. */
  invalid: string;
  noticeBg: string;
  noticeText: string;
  noticeBorder: string;
}

/** Hex colour pairs are checked for WCAG AA contrast in styles.test.ts. */
export const palettes: { light: Palette; dark: Palette } = {
  light: {
    pageBg: "#f3f4f6",
    cardBg: "#ffffff",
    text: "#111827",
    muted: "#4b5563",
    border: "#e5e7eb",
    inputBg: "#ffffff",
    inputBorder: "#6b7280",
    placeholder: "#6b7280",
    buttonEdge: "rgb(0 0 0/.1)",
    link: "#1d4ed8",
    focus: "#1d4ed8",
    errorBg: "#fef2f2",
    errorText: "#991b1b",
    errorBorder: "#f87171",
    invalid: "#991b1b",
    noticeBg: "#f0fdf4",
    noticeText: "#166534",
    noticeBorder: "#4ade80",
  },
  dark: {
    pageBg: "#0f172a",
    cardBg: "#1e293b",
    text: "#f8fafc",
    muted: "#cbd5e1",
    border: "#334155",
    inputBg: "#0f172a",
    inputBorder: "#94a3b8",
    placeholder: "#94a3b8",
    buttonEdge: "rgb(255 255 255/.18)",
    link: "#93c5fd",
    focus: "#93c5fd",
    errorBg: "#450a0a",
    errorText: "#fecaca",
    errorBorder: "#b91c1c",
    // The error text's pale pink hardly reads as red on a dark field.
    invalid: "#f87171",
    noticeBg: "#052e16",
    noticeText: "#bbf7d0",
    noticeBorder: "#15803d",
  },
};

function variables(scheme: "light" | "dark"): string {
  const p = palettes[scheme];
  return (
    `color-scheme:${scheme};--page-bg:${p.pageBg};--card-bg:${p.cardBg};--text:${p.text};` +
    `--muted:${p.muted};--border:${p.border};--input-bg:${p.inputBg};--input-border:${p.inputBorder};` +
    `--placeholder:${p.placeholder};--button-edge:${p.buttonEdge};` +
    `--link:${p.link};--focus:${p.focus};--error-bg:${p.errorBg};--error-text:${p.errorText};` +
    `--error-border:${p.errorBorder};--invalid:${p.invalid};--notice-bg:${p.noticeBg};` +
    `--notice-text:${p.noticeText};--notice-border:${p.noticeBorder}`
  );
}

// `auto` follows prefers-color-scheme; `data-color-scheme` on <html> pins light or dark.
// Focus: every focusable element shows a 3 px ring in `--focus` (3:1 on the card and the page, as
// styles.test.ts checks); the error box gets it on `:focus` too, as it takes the focus from the page
// (autofocus after a refused form), where `:focus-visible` may not match. Link rows pad their links
// to a 24 px tall target and keep 1rem from the form above (WCAG 2.5.8). Sides are logical
// (`start`): `dir="rtl"` mirrors the card.
export const pageCss = `
:root{${variables("light")}}
@media (prefers-color-scheme:dark){:root:not([data-color-scheme=light]){${variables("dark")}}}
:root[data-color-scheme=dark]{${variables("dark")}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-height:100vh;min-height:100dvh;display:flex;align-items:center;justify-content:center;
padding:2rem 1rem;background:var(--page-bg);color:var(--text);line-height:1.5;font-size:1rem;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif}
main{width:100%;max-width:24rem;display:flex;flex-direction:column;align-items:center;gap:1.5rem}
.logo{display:block;max-width:12rem;max-height:4rem;object-fit:contain}
.card{width:100%;padding:2rem 1.75rem;background:var(--card-bg);border:1px solid var(--border);
border-radius:.875rem;box-shadow:0 1px 2px rgb(0 0 0/.06),0 12px 32px -12px rgb(0 0 0/.18)}
h1{margin:0 0 1.5rem;font-size:1.5rem;line-height:1.25;font-weight:700;text-align:center}
p{margin:0 0 1.5rem;color:var(--muted);text-align:center}
.stack{display:flex;flex-direction:column;gap:.75rem}
.field{display:flex;flex-direction:column;gap:.375rem}
label{font-size:.9375rem;font-weight:600}
input{width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:var(--text);
background:var(--input-bg);border:1px solid var(--input-border);border-radius:.5rem}
input::placeholder{color:var(--placeholder);opacity:1}
.button{display:flex;align-items:center;justify-content:center;gap:.625rem;width:100%;min-height:2.75rem;
padding:.5rem 1rem;font:inherit;font-weight:600;line-height:1.25;text-align:center;text-decoration:none;
color:var(--provider-text,var(--button-text-color));background:var(--provider-bg,var(--brand-color));
border:1px solid var(--button-edge);border-radius:.5rem;cursor:pointer}
.button:hover{filter:brightness(.92)}
.button img{width:1.25rem;height:1.25rem;object-fit:contain}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.alert:focus{outline:3px solid var(--focus);outline-offset:2px}
input:focus-visible{outline-offset:0;border-color:var(--focus)}
input[aria-invalid=true]{border:2px solid var(--invalid)}
a{color:var(--link);text-underline-offset:.2em}
hr{margin:1.5rem 0;border:0;border-top:1px solid var(--border)}
.alert{margin:0 0 1.5rem;padding:.75rem 1rem;font-size:.9375rem;color:var(--error-text);
background:var(--error-bg);border:1px solid var(--error-border);border-radius:.5rem}
.notice{margin:0 0 1.5rem;padding:.75rem 1rem;font-size:.9375rem;color:var(--notice-text);
background:var(--notice-bg);border:1px solid var(--notice-border);border-radius:.5rem}
.hint{margin:0;font-size:.875rem;text-align:start}
.links{display:flex;flex-wrap:wrap;justify-content:center;gap:.5rem 1.5rem;margin:0;font-size:.9375rem}
.links a,.links button{padding-block:.125rem}
.stack+.links{margin-top:1rem}
.site{text-align:center;margin:0}
[hidden]{display:none!important}
.link-button{padding:0;font:inherit;color:var(--link);background:none;border:0;text-decoration:underline;
text-underline-offset:.2em;cursor:pointer}
.qr{width:12rem;max-width:100%;margin:0 auto 1.5rem;border:1px solid var(--border)}
.qr svg{display:block;width:100%;height:auto}
.secret{display:inline-block;max-width:22ch;margin-top:.25rem;color:var(--text);font-size:1.0625rem;
word-spacing:.25em;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;
overflow-wrap:anywhere}
form.links{margin-top:1rem}
.resend{margin-bottom:1.5rem}
.show-password{display:flex;align-items:center;gap:.5rem;margin-top:-.25rem}
.show-password input{width:1.25rem;height:1.25rem;min-height:0;margin:0;padding:0;accent-color:var(--brand-color)}
.show-password label{font-weight:400}
.codes{display:grid;grid-template-columns:repeat(2,1fr);gap:.5rem;margin:0 0 1.5rem;padding:0;list-style:none;
text-align:center;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}
.codes li{padding:.375rem;border:1px solid var(--border);border-radius:.375rem}
@media (max-width:26rem){body{padding:1rem .75rem}.card{padding:1.5rem 1.25rem}}
@media (forced-colors:active){.button{border-color:ButtonText}}
`;
