import { protect } from "@gatehouse/nextjs";
import { auth } from "./auth";

// Signed out, /protected goes to the sign-in page (and comes back after), /api/me answers 401.
export const proxy = protect(auth);

export const config = { matcher: ["/protected/:path*", "/api/me"] };
