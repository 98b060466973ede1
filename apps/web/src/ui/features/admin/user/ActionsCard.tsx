import { useTranslation } from "react-i18next";
import type { AdminUser, AdminUserDetail } from "../../../api/admin.ts";
import { Card } from "../../../components/Card.tsx";
import { Notice } from "../../../components/Notice.tsx";
import { DisableSection, EnableSection } from "./actions/DisableSection.tsx";
import { ResetSection } from "./actions/ResetSection.tsx";
import { RoleSection } from "./actions/RoleSection.tsx";
import { TwoFactorSection } from "./actions/TwoFactorSection.tsx";
import { useAnnounce } from "./use-announce.ts";
import { useUserChanged } from "./use-user-changed.ts";

/**
 * What an administrator can do to the user: disable or enable, send a reset link, remove two-factor,
 * change the role. On their own account, only what cannot lock them out (the server refuses the rest).
 */
export function ActionsCard({ detail, self }: { detail: AdminUserDetail; self: boolean }) {
  const { t } = useTranslation("admin");
  const { user } = detail;
  const { heading, notice, announce } = useAnnounce();
  const changed = useUserChanged(user.id);

  /** The action's answer is on screen at once (`changed` writes it), the rest is read again behind it. */
  function done(message: string, answer?: AdminUser) {
    void changed(answer);
    announce(message);
  }

  return (
    <Card title={t("user.actions.title")} headingRef={heading}>
      <Notice tone="success">{notice}</Notice>
      {self && <p className="notice">{t("user.actions.self")}</p>}
      {!self &&
        (user.disabledAt ? (
          <EnableSection user={user} onDone={done} />
        ) : (
          <DisableSection user={user} onDone={done} />
        ))}
      <ResetSection user={user} onDone={done} />
      {detail.methods.twoFactor && <TwoFactorSection user={user} onDone={done} />}
      {!self && <RoleSection user={user} roles={detail.roles} onDone={done} />}
    </Card>
  );
}

/** What each section is given: the user, and how to report what it did. */
export interface SectionProps {
  user: AdminUser;
  onDone: (message: string, answer?: AdminUser) => void;
}
