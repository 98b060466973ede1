import { passkeysSupported } from "@gatehouse/react/passkeys";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { passkeysQuery, queryKeys } from "../../../api/queries.ts";
import { Card } from "../../../components/Card.tsx";
import { Notice } from "../../../components/Notice.tsx";
import { Empty, QueryStatus } from "../../../components/QueryStates.tsx";
import { AddPasskeyForm } from "./AddPasskeyForm.tsx";
import { PasskeyItem } from "./PasskeyItem.tsx";

/** The passkeys of the signed-in user: the list, and a form to add one. */
export function PasskeysCard() {
  const { t } = useTranslation("account");
  const passkeys = useQuery(passkeysQuery);
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const supported = passkeysSupported();

  async function changed(message: string, removed = false) {
    // The account's count of passkeys (its sign-in methods) changed with the list.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
      queryClient.invalidateQueries({ queryKey: queryKeys.account }),
      queryClient.invalidateQueries({ queryKey: queryKeys.activity }),
    ]);
    setNotice(message);
    // A deleted item took the focus with it: give it to the card's heading.
    if (removed) heading.current?.focus();
  }

  return (
    <Card title={t("passkeys.title")} className="security-card" headingRef={heading}>
      <p className="muted">{t("passkeys.intro")}</p>
      <Notice tone="success">{notice}</Notice>

      <QueryStatus
        query={passkeys}
        loading={t("passkeys.loading")}
        failed={t("passkeys.failed")}
        unavailable={<p className="status-line">{t("passkeys.unavailable")}</p>}
      />
      {passkeys.data && (
        <>
          {passkeys.data.length === 0 ? (
            <Empty testId="no-passkeys">{t("passkeys.none")}</Empty>
          ) : (
            <ul className="item-list" aria-label={t("passkeys.list")}>
              {passkeys.data.map((passkey) => (
                <PasskeyItem key={passkey.id} passkey={passkey} onChanged={changed} />
              ))}
            </ul>
          )}
          {supported ? (
            <AddPasskeyForm onAdded={(name) => changed(t("passkeys.added", { name }))} />
          ) : (
            <p className="muted">{t("passkeys.cannotCreate")}</p>
          )}
        </>
      )}
    </Card>
  );
}
