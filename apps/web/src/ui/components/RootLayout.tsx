import { Outlet, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { consoleOf } from "../lib/console-of.ts";
import { LanguagePicker } from "./LanguagePicker.tsx";
import { SiteHeader } from "./SiteHeader.tsx";

/** Every page: skip link, header, the route's page, footer (with the language picker). */
export function RootLayout() {
  const { t } = useTranslation("common");
  // The path once its page is loaded and shown (`location` changes as soon as a navigation starts,
  // while a lazy page's code may still be on its way).
  const pathname = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).pathname });
  const main = useRef<HTMLElement>(null);
  const shown = useRef(pathname);

  // After in-app navigation, move focus to the new page's heading so screen readers announce it (a
  // full page load does this by itself): the section's heading between sections of one console (the
  // account's, the admin's), else — or when the page has no section, as "Administrators only" — the h1.
  useEffect(() => {
    const before = shown.current;
    if (before === pathname) return;
    shown.current = pathname;
    const here = consoleOf(pathname);
    const section = here !== null && consoleOf(before) === here;
    const page = main.current;
    const heading =
      (section ? page?.querySelector<HTMLElement>("[data-section-heading]") : null) ??
      page?.querySelector<HTMLElement>("h1");
    heading?.focus();
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t("site.skipToContent")}
      </a>
      <SiteHeader />
      <main id="main" ref={main} className="page">
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>
          {t("site.footer")} · <a href="/api/auth/providers">{t("site.providersLink")}</a> ·{" "}
          <a href="/api/auth/session">{t("site.sessionLink")}</a>
        </p>
        <LanguagePicker />
      </footer>
    </>
  );
}
