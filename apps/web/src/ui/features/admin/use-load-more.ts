import { type RefObject, useEffect, useRef } from "react";

/** What `useLoadMore` reads of an infinite query of `{ items, next }` pages. */
interface PagedQuery<T> {
  data?: { pages: Array<{ items: T[] }> } | undefined;
  fetchNextPage: () => Promise<{ data?: { pages: Array<{ items: T[] }> } | undefined }>;
}

/**
 * "Load more" for a paged list: fetches the next page, then moves the focus to what `target` picks
 * for the first item it brought (inside `list`) — the button may be gone with the last page, and a
 * screen reader reads on from the new items.
 *
 * @example const { list, loadMore } = useLoadMore(audit, (id) => `[data-entry="${CSS.escape(id)}"]`);
 */
export function useLoadMore<T extends { id: string }, E extends HTMLElement>(
  query: PagedQuery<T>,
  target: (id: string) => string,
): { list: RefObject<E | null>; loadMore: () => Promise<void> } {
  const list = useRef<E>(null);
  const firstNew = useRef<string | null>(null);
  const pages = query.data?.pages.length ?? 0;
  useEffect(() => {
    if (!firstNew.current || pages < 2) return;
    list.current?.querySelector<HTMLElement>(target(firstNew.current))?.focus();
    firstNew.current = null;
  }, [pages, target]);

  async function loadMore() {
    const result = await query.fetchNextPage();
    firstNew.current = result.data?.pages.at(-1)?.items[0]?.id ?? null;
  }
  return { list, loadMore };
}
