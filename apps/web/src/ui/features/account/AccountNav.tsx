import { Link } from "@tanstack/react-router";

/** The console's sections, in the order a person most often needs them. */
const SECTIONS = [
  { to: "/account", label: "Sign-in and security" },
  { to: "/account/profile", label: "Profile" },
  { to: "/account/sessions", label: "Sessions and devices" },
  { to: "/account/activity", label: "Security activity" },
  { to: "/account/delete", label: "Delete account" },
] as const;

/** The sections of the account console: a side column on a desktop, a wrapping row on a phone. */
export function AccountNav() {
  return (
    <nav className="console-nav" aria-label="Account">
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link to={section.to} activeOptions={{ exact: true, includeSearch: false }}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
