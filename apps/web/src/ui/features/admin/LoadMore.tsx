import { useTranslation } from "react-i18next";
import { useAdminText } from "./use-admin-text.ts";

/** What `LoadMore` reads of an infinite query. */
interface Paged {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
}

/** "Load more" under a paged list while there is a next page, and why the last try failed. */
export function LoadMore({ query, onLoadMore }: { query: Paged; onLoadMore: () => Promise<void> }) {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  return (
    <>
      {query.isFetchNextPageError && (
        <p className="field-error" role="alert">
          {t("general.moreFailed")} {text.error(query.error)}
        </p>
      )}
      {query.hasNextPage && (
        <div className="actions">
          <button
            type="button"
            className="button button-quiet"
            disabled={query.isFetchingNextPage}
            onClick={() => void onLoadMore()}
          >
            {query.isFetchingNextPage ? t("general.loadingMore") : t("general.loadMore")}
          </button>
        </div>
      )}
    </>
  );
}
