// What the browser test bundles: core's password hashing, as an app on a Web-standard runtime
// (Workers, Deno Deploy, a browser) imports it.
export { hashPassword, verifyPassword } from "@gatehouse/core";
