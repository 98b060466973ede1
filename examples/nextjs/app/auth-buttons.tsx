"use client";

import { signIn, signOut } from "@gatehouse/react";

export function SignInButton() {
  return (
    <button type="button" onClick={() => signIn("dev")}>
      Sign in with the development provider
    </button>
  );
}

export function SignOutButton() {
  return (
    <button type="button" onClick={() => signOut({ callbackUrl: "/" })}>
      Sign out
    </button>
  );
}
