import { type ReactNode, type Ref, useId } from "react";
import { useTitle } from "../../use-title.ts";

/**
 * A section of the account console: the document's title, a region named by its heading, and a
 * line on what it is for. The heading takes the focus after a move between sections
 * (`data-section-heading`, RootLayout), and through `headingRef` when the control that had it is gone.
 */
export function ConsolePage({
  title,
  intro,
  headingRef,
  children,
}: {
  title: string;
  intro?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  useTitle(title);
  const heading = `${useId()}-heading`;
  return (
    <section className="console-page" aria-labelledby={heading}>
      <h2 id={heading} ref={headingRef} tabIndex={-1} data-section-heading>
        {title}
      </h2>
      {intro && <p className="muted">{intro}</p>}
      {children}
    </section>
  );
}
