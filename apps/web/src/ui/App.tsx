import { useEffect, useRef } from "react";
import { SiteHeader } from "./components/SiteHeader.tsx";
import { Account } from "./pages/Account.tsx";
import { Home } from "./pages/Home.tsx";
import { NotFound } from "./pages/NotFound.tsx";
import { Protected } from "./pages/Protected.tsx";
import { usePathname } from "./router.ts";

function page(pathname: string) {
  if (pathname === "/") return <Home />;
  if (pathname === "/protected") return <Protected />;
  if (pathname === "/account") return <Account />;
  return <NotFound />;
}

export function App() {
  const pathname = usePathname();
  const main = useRef<HTMLElement>(null);
  const shown = useRef(pathname);

  // After in-app navigation, move focus to the new page's heading so screen readers announce it
  // (a full page load does this by itself).
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    main.current?.querySelector<HTMLElement>("h1")?.focus();
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" ref={main} className="page">
        {page(pathname)}
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
