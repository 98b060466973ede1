import { Link } from "@tanstack/react-router";
import { useTitle } from "../use-title.ts";

/** Where deleting the account lands: signed out, with nothing left to manage. */
export function AccountDeleted() {
  useTitle("Account deleted");
  return (
    <>
      <h1 tabIndex={-1}>Your account has been deleted</h1>
      <p className="lead">
        Your profile, sign-in methods, sessions and security activity are gone, and you are signed out on
        every device.
      </p>
      <p>
        Changed your mind? You can create a new account at any time from the <Link to="/">home page</Link>.
      </p>
    </>
  );
}
