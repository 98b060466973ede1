import type { TwoFactorEnrolment } from "@gatehouse/react/two-factor";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isApiError } from "../../../api/api-error.ts";
import { queryKeys, twoFactorQuery } from "../../../api/queries.ts";

type Enrolment = Extract<TwoFactorEnrolment, { ok: true }>;

/** What the two-factor card shows. */
export type TwoFactorView =
  | { kind: "loading" }
  /** The server keeps no two-factor enrolments. */
  | { kind: "unavailable" }
  /** The status could not be read (network, server error). */
  | { kind: "failed"; error: unknown }
  /**
   * Off, or (`known: false`) not known: a server without `GET two-factor-status` does not say, and
   * starting an enrolment then tells (`TwoFactorAlreadyOn`).
   */
  | { kind: "off"; known: boolean }
  | { kind: "enrolling"; enrolment: Enrolment; known: boolean }
  | { kind: "codes"; codes: string[] }
  | { kind: "on" };

/**
 * The card's view: the server's status (a query), until the person's own steps (enrolling, the
 * backup codes, on or off) take over. Each step also refreshes the status, the account and the
 * activity, which it changed.
 */
export function useTwoFactorView(): {
  view: TwoFactorView;
  show: (view: TwoFactorView) => void;
  retry: () => void;
} {
  const status = useQuery(twoFactorQuery);
  const queryClient = useQueryClient();
  const [step, setStep] = useState<TwoFactorView | null>(null);

  let view: TwoFactorView;
  if (step) view = step;
  else if (status.isSuccess) view = status.data.enabled ? { kind: "on" } : { kind: "off", known: true };
  else if (status.isError && isApiError(status.error, "UnknownAction")) view = { kind: "off", known: false };
  else if (status.isError) view = { kind: "failed", error: status.error };
  else view = { kind: "loading" };

  function show(next: TwoFactorView) {
    setStep(next);
    if (next.kind === "on" || next.kind === "off" || next.kind === "codes") {
      for (const queryKey of [queryKeys.twoFactor, queryKeys.account, queryKeys.activity]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }
  }

  return { view, show, retry: () => void status.refetch() };
}
