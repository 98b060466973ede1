// The breached-password list as an app gets it from the installed package: its data file, read on
// the first call (issue 24: shipped as data, not as code). Prints what the list holds.
import { loadCommonPasswords } from "@gatehouse/common-passwords";

const list = await loadCommonPasswords();
console.log(
  JSON.stringify({
    size: list.size,
    password1: list.has("password1"),
    passphrase: list.has("correct horse battery staple"),
  }),
);
