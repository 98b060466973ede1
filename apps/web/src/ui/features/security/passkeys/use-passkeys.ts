import { listPasskeys, type PasskeyFailure, type PasskeyInfo } from "@gatehouse/react/passkeys";
import { useCallback, useEffect, useState } from "react";

export type PasskeysState =
  | { status: "loading" }
  | { status: "failed"; failure: PasskeyFailure }
  | { status: "ready"; passkeys: PasskeyInfo[] };

async function load(): Promise<PasskeysState> {
  const result = await listPasskeys();
  return result.ok ? { status: "ready", passkeys: result.passkeys } : { status: "failed", failure: result };
}

/** The signed-in user's passkeys from the server; `reload` after a change. */
export function usePasskeys(): { state: PasskeysState; reload: () => Promise<void> } {
  const [state, setState] = useState<PasskeysState>({ status: "loading" });
  const reload = useCallback(async () => setState(await load()), []);
  useEffect(() => {
    let current = true;
    load().then((loaded) => current && setState(loaded));
    return () => {
      current = false;
    };
  }, []);
  return { state, reload };
}
