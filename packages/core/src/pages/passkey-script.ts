import { errorMessage, TRANSLATED_ERROR_CODES, type TranslatedErrorCode } from "../i18n/translated-errors.ts";
import type { Translator } from "../i18n/translator.ts";

/**
 * The one script of the built-in pages: passkey sign-in (the sign-in page) and passkey-only sign-up
 * (the passkey-signup page). It is an enhancement: it runs only where the browser has WebAuthn
 * Level 3's JSON methods (`parseRequestOptionsFromJSON`, `parseCreationOptionsFromJSON`,
 * `toJSON()`), so no base64url or CBOR is written by hand; elsewhere the passkey parts stay hidden
 * and every other way to sign in works as without JavaScript.
 *
 * The element `[data-passkey]` (`signin` or `signup`) carries what the script needs, so the script
 * itself is the same text on every page and every response: `data-base` (the auth endpoint),
 * `data-csrf-token`, `data-callback-url`, `data-failure` (the message when the browser fails) and
 * `data-messages` (the page's language's message of each code a page shows, as JSON).
 * Answers are JSON (`X-Auth-Return-Redirect`, so a 429 is JSON too): `{ url }` is followed,
 * `{ error, message }` is shown in the page's error box (`role="alert"`, announced) — in the page's
 * language from `data-messages` when the code is there, since JSON answers speak English.
 *
 * Sign-in: when the browser offers passkeys in autofill (`isConditionalMediationAvailable()`), a
 * conditional request waits on the email field (`autocomplete="… webauthn"`); the button aborts it
 * and starts a modal one, and the autofill request starts again once the button's attempt is over.
 * Each request fetches fresh options: one challenge cookie per browser, the newest wins.
 */
export const PASSKEY_SCRIPT = `(() => {
  "use strict";
  const root = document.querySelector("[data-passkey]");
  const PKC = window.PublicKeyCredential;
  if (
    !root ||
    !PKC ||
    typeof PKC.parseRequestOptionsFromJSON !== "function" ||
    typeof PKC.parseCreationOptionsFromJSON !== "function" ||
    typeof PKC.prototype.toJSON !== "function"
  ) return;
  const { passkey: mode, base, csrfToken, callbackUrl, failure } = root.dataset;
  let messages = {};
  try {
    messages = JSON.parse(root.dataset.messages || "{}");
  } catch {}

  /** POSTs JSON to an auth endpoint: its JSON answer, or { error } when there is none to read. */
  async function post(action, fields) {
    try {
      const response = await fetch(base + "/" + action, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Auth-Return-Redirect": "1" },
        body: JSON.stringify({ csrfToken, ...fields }),
      });
      const answer = await response.json();
      return response.ok || answer.error ? answer : { error: "Failed" };
    } catch {
      return { error: "Failed" };
    }
  }

  function showError(code, message) {
    let box = document.querySelector("[role=alert]");
    if (!box) {
      box = document.createElement("div");
      box.className = "alert";
      box.setAttribute("role", "alert");
      (document.querySelector(".notice") || document.querySelector("h1")).after(box);
    }
    const translated = typeof code === "string" && Object.hasOwn(messages, code) ? messages[code] : null;
    box.textContent = translated || message || failure;
  }

  /** Goes where the answer says (true), or shows its error. */
  function follow(answer) {
    if (answer.error) showError(answer.error, answer.message);
    else if (answer.url) location.assign(answer.url);
    return Boolean(answer.url && !answer.error);
  }

  /** A browser refusal as an answer: none when the person cancelled or the script aborted. */
  function caught(error) {
    const cancelled = error && (error.name === "NotAllowedError" || error.name === "AbortError");
    return cancelled ? {} : { error: "Failed" };
  }

  /**
   * One passkey sign-in: options, the browser's assertion, then passkey-signin's answer. The autofill
   * request runs unasked: until the person picks a passkey its failures (options refused, the
   * browser declining) show nothing.
   */
  async function signIn(mediation, signal) {
    const start = await post("passkey-options", {});
    if (!start.options) return mediation === "conditional" ? {} : start;
    const publicKey = PKC.parseRequestOptionsFromJSON(start.options);
    const credential = await navigator.credentials.get({ publicKey, mediation, signal });
    return post("passkey-signin", { response: JSON.stringify(credential.toJSON()), callbackUrl });
  }

  /** One passkey-only sign-up: options for the address, the browser's new passkey, then passkey-signup's answer. */
  async function signUp(form) {
    const start = await post("passkey-signup-options", { email: form.get("email"), name: form.get("name") });
    if (!start.options) return start;
    const publicKey = PKC.parseCreationOptionsFromJSON(start.options);
    const credential = await navigator.credentials.create({ publicKey });
    return post("passkey-signup", { response: JSON.stringify(credential.toJSON()), callbackUrl });
  }

  function startSignIn() {
    const button = root.querySelector("button");
    let autofill = null;
    // Set before anything is awaited, so a click at any moment finds the request to abort and waits
    // for it to end: two ceremonies at once would replace each other's challenge cookie.
    function startAutofill() {
      const controller = new AbortController();
      const request = async () => {
        if (!(await PKC.isConditionalMediationAvailable?.()) || controller.signal.aborted) return {};
        return signIn("conditional", controller.signal);
      };
      autofill = { controller, done: request().catch(() => ({})).then(follow) };
    }
    button.addEventListener("click", async () => {
      button.disabled = true;
      autofill.controller.abort();
      // The person picked a passkey from autofill meanwhile: its sign-in is on its way.
      if (await autofill.done) return;
      if (follow(await signIn("optional").catch(caught))) return;
      button.disabled = false;
      startAutofill();
    });
    root.hidden = false;
    startAutofill();
  }

  function startSignUp() {
    const button = root.querySelector("button");
    root.addEventListener("submit", async (event) => {
      event.preventDefault();
      button.disabled = true;
      if (!follow(await signUp(new FormData(root)).catch(caught))) button.disabled = false;
    });
    for (const note of document.querySelectorAll("[data-passkey-unsupported]")) note.hidden = true;
    root.hidden = false;
  }

  if (mode === "signin") startSignIn();
  else if (mode === "signup") startSignUp();
})();
`;

/**
 * The data attributes the script reads its words from, in the page's language: `data-failure`, the
 * message of `failure` (shown when the browser or the network fails), and `data-messages`, every
 * code a page shows with its message.
 */
export function passkeyScriptWords(
  i18n: Translator,
  failure: TranslatedErrorCode,
): { "data-failure": string; "data-messages": string } {
  const messages = Object.fromEntries(TRANSLATED_ERROR_CODES.map((code) => [code, errorMessage(i18n, code)]));
  return { "data-failure": errorMessage(i18n, failure), "data-messages": JSON.stringify(messages) };
}
