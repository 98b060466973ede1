import { useCallback, useState } from "react";

/**
 * Whether a request sent from here is under way, for the button that sent it ("Saving…", kept from
 * a second press). For the @gatehouse/react functions, which answer a result instead of throwing;
 * the console's own requests go through `useMutation`, which tracks this itself.
 *
 * @example const [pending, track] = usePending(); const result = await track(() => setPassword(input));
 */
export function usePending(): [pending: boolean, track: <T>(request: () => Promise<T>) => Promise<T>] {
  const [pending, setPending] = useState(false);
  const track = useCallback(async <T>(request: () => Promise<T>): Promise<T> => {
    setPending(true);
    try {
      return await request();
    } finally {
      setPending(false);
    }
  }, []);
  return [pending, track];
}
