import { useEffect, useRef, useState } from "react";

/**
 * A card's answer to an action: the message for its polite `Notice`, and the focus on its heading
 * once the page shows the result — the button pressed is often gone with what it acted on (a session
 * ended, "Disable" become "Enable"), and the focus must not fall back to the page's start.
 *
 * @example const { heading, notice, announce } = useAnnounce(); announce(t("…done"));
 */
export function useAnnounce() {
  const heading = useRef<HTMLHeadingElement>(null);
  // An object per message, so that the same words twice still move the focus.
  const [notice, setNotice] = useState<{ text: string } | null>(null);
  useEffect(() => {
    if (notice) heading.current?.focus();
  }, [notice]);
  return { heading, notice: notice?.text ?? null, announce: (text: string) => setNotice({ text }) };
}
