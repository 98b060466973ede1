import { signIn } from "@gatehouse/react";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
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
  const account = useAccount();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [linking, setLinking] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function unlinked(name: string) {
    await Promise.all(
      [queryKeys.account, queryKeys.activity].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
    setNotice(`Your ${name} account is unlinked. You can no longer sign in with it.`);
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
    <Card title="Linked accounts" className="security-card" headingRef={heading}>
      <p className="muted">Accounts at other sites that you can sign in with.</p>
      <Notice tone="success">
        {notice ??
          (justLinked ? `Your ${justLinked.name} account is linked: you can sign in with it now.` : null)}
      </Notice>

      <QueryStatus
        query={account}
        loading="Loading your linked accounts…"
        failed="Your linked accounts could not be loaded."
      />
      {account.data && (
        <>
          {providers.length === 0 ? (
            <Empty testId="no-linked-accounts">No accounts at other sites are linked.</Empty>
          ) : (
            <ul className="item-list" aria-label="Your linked accounts">
              {providers.map((provider) => (
                <LinkedAccountItem key={provider.id} provider={provider} onUnlinked={unlinked} />
              ))}
            </ul>
          )}
          {account.data.linkable.length > 0 && (
            <>
              <h4>Link another account</h4>
              <div className="actions actions-compact">
                {account.data.linkable.map((provider) => (
                  <button
                    key={provider.id}
                    type="button"
                    className="button button-quiet"
                    disabled={linking !== null}
                    onClick={() => link(provider.id)}
                  >
                    {linking === provider.id ? `Opening ${provider.name}…` : `Link ${provider.name}`}
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
