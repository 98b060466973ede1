import { useTranslation } from "react-i18next";
import type { AdminUser } from "../../../api/admin.ts";

/** A user's state in short words: disabled, not confirmed, two-factor, administrator, role; "Active" when none. */
export function UserBadges({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const badges: Array<{ key: string; text: string; tone: string }> = [];
  if (user.disabledAt) badges.push({ key: "disabled", text: t("badges.disabled"), tone: "badge-warning" });
  if (!user.emailVerified)
    badges.push({ key: "unverified", text: t("badges.unverified"), tone: "badge-neutral" });
  if (user.twoFactor) badges.push({ key: "two-factor", text: t("badges.twoFactor"), tone: "" });
  if (user.admin) badges.push({ key: "admin", text: t("badges.admin"), tone: "badge-neutral" });
  if (user.role && user.role !== "admin") {
    badges.push({ key: "role", text: t("badges.role", { role: user.role }), tone: "badge-neutral" });
  }
  if (badges.length === 0) return <span className="muted-text">{t("users.active")}</span>;
  return (
    <span className="badges">
      {badges.map((badge) => (
        <span key={badge.key} className={badge.tone ? `badge ${badge.tone}` : "badge"}>
          {badge.text}
        </span>
      ))}
    </span>
  );
}
