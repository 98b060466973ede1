import { type ReactNode, type Ref, useId } from "react";

/**
 * A card of a console page: a region named by its heading. With `headingRef` the heading can take
 * the focus, for when the control that had it is gone (an item deleted, a form closed).
 */
export function Card({
  title,
  className,
  headingRef,
  children,
}: {
  title: ReactNode;
  /** Besides `card`: `security-card`. */
  className?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const heading = `${useId()}-heading`;
  return (
    <section className={className ? `card ${className}` : "card"} aria-labelledby={heading}>
      <h3 id={heading} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h3>
      {children}
    </section>
  );
}
