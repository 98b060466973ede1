/** What a page for signed-in visitors shows under its heading until the session is known. */
export function CheckingSession() {
  return (
    <p className="status" role="status">
      Checking your session…
    </p>
  );
}
