import { useCallback, useRef, useState } from "react";

/**
 * The error of a one-field form, for `TextField`'s `error` and `inputRef`: `fail` shows it and gives
 * the field the focus, so that the message is read out and the value can be fixed at once.
 *
 * @example const { input, error, fail, clear } = useFieldError(); if (!value) return fail("Enter a code.");
 */
export function useFieldError() {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const fail = useCallback((message: string) => {
    setError(message);
    input.current?.focus();
  }, []);
  const clear = useCallback(() => setError(null), []);
  return { input, error, fail, clear };
}
