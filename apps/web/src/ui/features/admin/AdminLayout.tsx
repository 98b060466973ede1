import { useSession } from "@gatehouse/react";
import { Outlet } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AdministratorsOnly } from "./AdministratorsOnly.tsx";
import { AdminNav } from "./AdminNav.tsx";
import { useAdminRefused } from "./use-admin-refused.ts";
import "./admin.css";

/**
 * The admin console: its heading, the sections' navigation and the section on screen. Signed-out
 * visitors are sent to sign in (and back here afterwards); a signed-in user the server refuses
 * (`AdminRequired`) gets the "Administrators only" page.
 */
export function AdminLayout() {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("common");
  const { data, status } = useSession({ required: true });
  const refused = useAdminRefused();
  // Only before the first answer: a session update reports "loading" too, and must not unmount the section.
  if (status !== "authenticated" && !data?.user) {
    return (
      <>
        <h1 tabIndex={-1}>{t("title")}</h1>
        <p className="status" role="status">
          {tc("session.checking")}
        </p>
      </>
    );
  }
  if (refused) return <AdministratorsOnly />;
  return (
    <>
      <h1 tabIndex={-1}>{t("title")}</h1>
      <p className="lead">{t("lead")}</p>
      <div className="console admin-console">
        <AdminNav />
        <div className="console-section">
          <Outlet />
        </div>
      </div>
    </>
  );
}
