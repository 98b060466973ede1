import { Link } from "@tanstack/react-router";
import { useTitle } from "../use-title.ts";

export function NotFound() {
  useTitle("Page not found");
  return (
    <>
      <h1 tabIndex={-1}>Page not found</h1>
      <p>
        There is nothing here. Go back to the <Link to="/">home page</Link>.
      </p>
    </>
  );
}
