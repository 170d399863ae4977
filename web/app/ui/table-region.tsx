import type { ReactNode } from "react";

/**
 * A table that may scroll sideways (the operator's tables at 360 px): a labelled region that the keyboard
 * can reach and scroll (WCAG 2.1.1; axe's `scrollable-region-focusable`, issue 26 finding 18).
 */
export function TableRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to be scrolled without a mouse (WCAG 2.1.1)
    <section className={className} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
