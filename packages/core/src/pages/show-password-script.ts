/**
 * "Show password" on the sign-up page (NIST SP 800-63B §3.1.1.2 and GOV.UK's password pattern: one
 * field, which the person may reveal, rather than a second "confirm" field). Progressive enhancement:
 * the checkbox is rendered `hidden`, and only this script shows it and wires it, so without JavaScript
 * the page has a plain password field and no control that does nothing. The field goes back to
 * `type=password` when the form is sent, so a browser never offers to remember it as plain text.
 * Allowed by the response's CSP nonce, like the passkey script; it fetches nothing.
 */
export const SHOW_PASSWORD_SCRIPT = `(() => {
  "use strict";
  for (const toggle of document.querySelectorAll("[data-show-password]")) {
    const box = toggle.querySelector("input[type=checkbox]");
    const field = document.getElementById(toggle.getAttribute("data-show-password") || "");
    if (!box || !field) continue;
    box.checked = false;
    box.addEventListener("change", () => { field.type = box.checked ? "text" : "password"; });
    field.form?.addEventListener("submit", () => { field.type = "password"; box.checked = false; });
    toggle.hidden = false;
  }
})();`;
