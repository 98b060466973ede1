import type { ReactNode } from "react";

/**
 * A message for the person. `error` is an alert (announced at once); the others sit in a polite live
 * region, which stays in the page even when empty so that screen readers announce what arrives in it.
 */
export function Notice({
  tone = "info",
  children,
}: {
  tone?: "info" | "success" | "error";
  children?: ReactNode;
}) {
  if (tone === "error") {
    return children ? (
      <p className="notice notice-error" role="alert">
        {children}
      </p>
    ) : null;
  }
  return (
    <p className={children ? `notice notice-${tone}` : "notice-empty"} role="status">
      {children}
    </p>
  );
}
