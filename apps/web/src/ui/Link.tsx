import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { navigate, usePathname } from "./router.ts";

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A real link that navigates inside the app; modified clicks (new tab, …) keep browser behaviour. */
export function Link({ href, onClick, ...rest }: LinkProps) {
  const current = usePathname() === href;
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  }
  return <a {...rest} href={href} aria-current={current ? "page" : undefined} onClick={handleClick} />;
}
