import { Outlet, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { SiteHeader } from "./SiteHeader.tsx";

/** Inside the account console, a move between its sections keeps the console's heading and intro. */
const inConsole = (pathname: string) => pathname === "/account" || pathname.startsWith("/account/");

/** Every page: skip link, header, the route's page, footer. */
export function RootLayout() {
  // The path once its page is loaded and shown (`location` changes as soon as a navigation starts,
  // while a lazy page's code may still be on its way).
  const pathname = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).pathname });
  const main = useRef<HTMLElement>(null);
  const shown = useRef(pathname);

  // After in-app navigation, move focus to the new page's heading so screen readers announce it (a
  // full page load does this by itself): the section's heading between console sections, else the h1.
  useEffect(() => {
    const before = shown.current;
    if (before === pathname) return;
    shown.current = pathname;
    const section = inConsole(before) && inConsole(pathname);
    const heading = main.current?.querySelector<HTMLElement>(section ? "[data-section-heading]" : "h1");
    heading?.focus();
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" ref={main} className="page">
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>
          Gatehouse sign-in demo · <a href="/api/auth/providers">providers</a> ·{" "}
          <a href="/api/auth/session">session JSON</a>
        </p>
      </footer>
    </>
  );
}
