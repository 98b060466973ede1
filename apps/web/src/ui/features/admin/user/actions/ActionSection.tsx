import { type ReactNode, useId } from "react";

/** One action of the user's "Actions" card: a region named by its heading. */
export function ActionSection({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const heading = `${useId()}-heading`;
  return (
    <section className="action-section" aria-labelledby={heading} data-testid={testId}>
      <h4 id={heading}>{title}</h4>
      {children}
    </section>
  );
}
