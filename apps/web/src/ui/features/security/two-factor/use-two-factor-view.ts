import { getTwoFactorStatus, type TwoFactorEnrolment } from "@gatehouse/react/two-factor";
import { useEffect, useState } from "react";

type Enrolment = Extract<TwoFactorEnrolment, { ok: true }>;

/** What the two-factor card shows. */
export type TwoFactorView =
  | { kind: "loading" }
  /** The server keeps no two-factor enrolments. */
  | { kind: "unavailable" }
  /** The status could not be read (network, server error). */
  | { kind: "failed"; message: string }
  /**
   * Off, or (`known: false`) not known: a server without `GET two-factor-status` does not say, and
   * starting an enrolment then tells (`TwoFactorAlreadyOn`).
   */
  | { kind: "off"; known: boolean }
  | { kind: "enrolling"; enrolment: Enrolment; known: boolean }
  | { kind: "codes"; codes: string[] }
  | { kind: "on" };

/** The card's view, starting from the server's status. */
export function useTwoFactorView(): [TwoFactorView, (view: TwoFactorView) => void, () => void] {
  const [view, setView] = useState<TwoFactorView>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // `attempt` is the retry button's: each value reads the status again.
    void attempt;
    let current = true;
    getTwoFactorStatus().then((result) => {
      if (!current) return;
      if (result.ok) setView(result.enabled ? { kind: "on" } : { kind: "off", known: true });
      else if (result.error === "UnknownAction") setView({ kind: "off", known: false });
      else setView({ kind: "failed", message: result.message ?? "The status could not be loaded." });
    });
    return () => {
      current = false;
    };
  }, [attempt]);
  return [view, setView, () => setAttempt((n) => n + 1)];
}
