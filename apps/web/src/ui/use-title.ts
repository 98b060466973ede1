import { useEffect } from "react";

/** Sets the document title for the page on screen ("<page> · Gatehouse"). */
export function useTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · Gatehouse` : "Gatehouse";
  }, [page]);
}
