import { useSession } from "@gatehouse/react";
import { Link } from "../Link.tsx";
import { AccountArea } from "./AccountArea.tsx";

export function SiteHeader() {
  const { status } = useSession();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link href="/" className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Gatehouse</span>
        </Link>
        <nav aria-label="Main">
          <ul className="nav-list">
            <li>
              <Link href="/">Home</Link>
            </li>
            <li>
              <Link href="/protected">Protected page</Link>
            </li>
            {status === "authenticated" && (
              <li>
                <Link href="/account">Account</Link>
              </li>
            )}
          </ul>
        </nav>
        <AccountArea />
      </div>
    </header>
  );
}
