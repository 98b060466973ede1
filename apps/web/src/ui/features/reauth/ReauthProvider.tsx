import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import { ApiError, isApiError } from "../../api/api-error.ts";
import { needsReauthentication } from "./needs-reauthentication.ts";
import { ReauthDialog } from "./ReauthDialog.tsx";

/** Opens the "Confirm it's you" dialog; true once the person proved it, false when they cancelled. */
type Confirm = () => Promise<boolean>;

const ReauthContext = createContext<Confirm | null>(null);

/** Holds the one "Confirm it's you" dialog of the console; actions open it through `useWithReauth`. */
export function ReauthProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const waiting = useRef<Array<(confirmed: boolean) => void>>([]);

  const confirm = useCallback<Confirm>(
    () =>
      new Promise<boolean>((resolve) => {
        // Two actions refused at once share one dialog: one proof makes both recent.
        waiting.current.push(resolve);
        setOpen(true);
      }),
    [],
  );

  function done(confirmed: boolean) {
    const resolvers = waiting.current;
    waiting.current = [];
    setOpen(false);
    for (const resolve of resolvers) resolve(confirmed);
  }

  return (
    <ReauthContext.Provider value={confirm}>
      {children}
      {open && <ReauthDialog onDone={done} />}
    </ReauthContext.Provider>
  );
}

/**
 * Runs a sensitive action; when the server answers that it needs a recent sign-in, asks the person to
 * confirm it is them and runs the action once more. A cancelled dialog rejects with
 * `ReauthenticationCancelled` (nothing changed: say nothing alarming).
 *
 * @example const withReauth = useWithReauth(); await withReauth(() => deleteAccount(email))
 */
export function useWithReauth(): <T>(action: () => Promise<T>) => Promise<T> {
  const confirm = useContext(ReauthContext);
  return useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (error) {
        if (!confirm || !isApiError(error) || !needsReauthentication(error)) throw error;
        if (!(await confirm())) throw new ApiError("ReauthenticationCancelled", { status: 0 });
        return action();
      }
    },
    [confirm],
  );
}

/**
 * A mutation's `onError` for an action run through `useWithReauth`: the failure goes to `fail`, unless
 * the person cancelled the dialog (nothing changed: nothing alarming to say).
 *
 * @example useMutation({ mutationFn: () => withReauth(() => deleteAccount(email)), onError: unlessCancelled((error) => fail(say(error))) })
 */
export function unlessCancelled(fail: (error: Error) => void): (error: Error) => void {
  return (error) => {
    if (!isApiError(error, "ReauthenticationCancelled")) fail(error);
  };
}

/** The failure shape of the @gatehouse/react functions. */
interface ClientResult {
  ok: boolean;
  status: number;
  error?: string;
}

/**
 * As `useWithReauth`, for a @gatehouse/react function that answers a result instead of throwing
 * (passkeys, two-factor, password): a refusal for want of a recent sign-in opens the dialog, then the
 * function runs once more. Null when the person cancelled.
 *
 * @example const result = await runWithReauth(() => enrollTwoFactor()); if (result === null) return;
 */
export function useResultWithReauth(): <R extends ClientResult>(
  action: () => Promise<R>,
) => Promise<R | null> {
  const confirm = useContext(ReauthContext);
  return useCallback(
    async <R extends ClientResult>(action: () => Promise<R>): Promise<R | null> => {
      const first = await action();
      if (first.ok || !confirm || !needsReauthentication({ code: first.error ?? "", status: first.status })) {
        return first;
      }
      return (await confirm()) ? action() : null;
    },
    [confirm],
  );
}
