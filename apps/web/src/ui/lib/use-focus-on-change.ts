import { useEffect, useRef } from "react";

/**
 * Moves the focus when `state` changes (never on the first render) to the element `target` picks
 * for the new state, if any: for content that takes the place of the control that had the focus,
 * which would otherwise drop it on the page's body.
 *
 * @example useFocusOnChange(open, (isOpen) => (isOpen ? field : opener).current)
 */
export function useFocusOnChange<T>(state: T, target: (state: T) => HTMLElement | null | undefined): void {
  const previous = useRef(state);
  useEffect(() => {
    if (Object.is(previous.current, state)) return;
    previous.current = state;
    target(state)?.focus();
  }, [state, target]);
}
