import { useTranslation } from "react-i18next";
import type { AdminUserDetail } from "../../../api/admin.ts";
import { Card } from "../../../components/Card.tsx";
import { Empty } from "../../../components/QueryStates.tsx";
import { useAdminText } from "../use-admin-text.ts";

/** How the user can sign in: password, two-factor, passkeys, and accounts at other sites. */
export function MethodsCard({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  const { methods, accounts } = detail;
  return (
    <Card title={t("user.methods.title")}>
      <dl className="summary-list" data-testid="admin-methods">
        <dt>{t("user.methods.password")}</dt>
        <dd>{methods.password ? t("user.methods.passwordSet") : t("user.methods.passwordNotSet")}</dd>
        <dt>{t("user.methods.twoFactor")}</dt>
        <dd>
          {methods.twoFactor ? t("user.methods.twoFactorOn") : t("user.methods.twoFactorOff")}
          {methods.twoFactor && (
            <span className="secondary-line">
              {t("user.methods.backupCodes", { count: methods.backupCodes })}
            </span>
          )}
        </dd>
      </dl>

      <h4>{t("user.methods.passkeys")}</h4>
      {methods.passkeys.length === 0 ? (
        <p className="muted">{t("user.methods.passkeysNone")}</p>
      ) : (
        <ul className="item-list" aria-label={t("user.methods.passkeysLabel")}>
          {methods.passkeys.map((passkey) => (
            <li key={passkey.id} className="item">
              <p className="item-name">{passkey.name || t("user.methods.unnamedPasskey")}</p>
              <ul className="item-meta">
                {passkey.createdAt && (
                  <li>{t("user.methods.passkeyAdded", { time: text.date(passkey.createdAt) })}</li>
                )}
                <li>
                  {passkey.lastUsedAt
                    ? t("user.methods.passkeyUsed", { time: text.relative(passkey.lastUsedAt) })
                    : t("user.methods.passkeyNeverUsed")}
                </li>
                {passkey.backedUp && <li>{t("user.methods.synced")}</li>}
              </ul>
            </li>
          ))}
        </ul>
      )}

      <h4>{t("user.methods.linked")}</h4>
      {accounts.length === 0 ? (
        <Empty>{t("user.methods.linkedNone")}</Empty>
      ) : (
        <ul className="item-list" aria-label={t("user.methods.linkedLabel")}>
          {accounts.map((account) => (
            <li key={`${account.provider}:${account.providerAccountId}`} className="item">
              <p className="item-name">{account.name}</p>
              {account.providerAccountId && (
                <ul className="item-meta">
                  <li>{t("user.methods.providerAccount", { id: account.providerAccountId })}</li>
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
