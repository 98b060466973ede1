import { signIn } from "@gatehouse/react";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../../api/queries.ts";
import { Card } from "../../../components/Card.tsx";
import { Notice } from "../../../components/Notice.tsx";
import { Empty, QueryStatus } from "../../../components/QueryStates.tsx";
import { useAccount } from "../../account/use-account.ts";
import { LinkedAccountItem } from "./LinkedAccountItem.tsx";

/**
 * Accounts at other providers that sign the person in: the list with "Unlink", and "Link" for the
 * providers not linked yet. Linking is the provider's normal sign-in while signed in: the server
 * links the provider's account to this user, and brings the person back here (`?linked=`).
 */
export function LinkedAccountsCard({ linked }: { linked?: string | undefined }) {
  const { t } = useTranslation("account");
  const account = useAccount();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [linking, setLinking] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function unlinked(name: string) {
    await Promise.all(
      [queryKeys.account, queryKeys.activity].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
    setNotice(t("linked.unlinkedNotice", { name }));
    heading.current?.focus();
  }

  function link(id: string) {
    setLinking(id);
    const back = new URL("/account", window.location.origin);
    back.searchParams.set("linked", id);
    // A full-page sign-in at the provider; the page is left unless it fails at once.
    void signIn(id, { callbackUrl: back.href }).then((result) => {
      if (!result.ok) setLinking(null);
    });
  }

  const providers = account.data?.methods.providers ?? [];
  const justLinked = linked ? providers.find((provider) => provider.id === linked) : undefined;
  return (
    <Card title={t("linked.title")} className="security-card" headingRef={heading}>
      <p className="muted">{t("linked.intro")}</p>
      <Notice tone="success">
        {notice ?? (justLinked ? t("linked.linkedNotice", { name: justLinked.name }) : null)}
      </Notice>

      <QueryStatus query={account} loading={t("linked.loading")} failed={t("linked.failed")} />
      {account.data && (
        <>
          {providers.length === 0 ? (
            <Empty testId="no-linked-accounts">{t("linked.none")}</Empty>
          ) : (
            <ul className="item-list" aria-label={t("linked.list")}>
              {providers.map((provider) => (
                <LinkedAccountItem key={provider.id} provider={provider} onUnlinked={unlinked} />
              ))}
            </ul>
          )}
          {account.data.linkable.length > 0 && (
            <>
              <h4>{t("linked.linkAnother")}</h4>
              <div className="actions actions-compact">
                {account.data.linkable.map((provider) => (
                  <button
                    key={provider.id}
                    type="button"
                    className="button button-quiet"
                    disabled={linking !== null}
                    onClick={() => link(provider.id)}
                  >
                    {linking === provider.id
                      ? t("linked.opening", { name: provider.name })
                      : t("linked.link", { name: provider.name })}
                  </button>
                ))}
              </div>
            </>
          )}
        </>
      )}
    </Card>
  );
}
