import { useSession } from "@gatehouse/react";
import { Link } from "@tanstack/react-router";
import { AccountArea } from "./AccountArea.tsx";

export function SiteHeader() {
  const { status } = useSession();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand" activeProps={{ "aria-current": undefined }}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Gatehouse</span>
        </Link>
        <nav aria-label="Main">
          <ul className="nav-list">
            <li>
              <Link to="/" activeOptions={{ exact: true }}>
                Home
              </Link>
            </li>
            <li>
              <Link to="/protected">Protected page</Link>
            </li>
            {status === "authenticated" && (
              <li>
                <Link to="/account">Account</Link>
              </li>
            )}
          </ul>
        </nav>
        <AccountArea />
      </div>
    </header>
  );
}
