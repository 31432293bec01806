// The heading of each /checkout-success outcome: an icon in a tinted circle and the page's h1.
// One outcome replaces another without a page load (confirming, then paid or not), so the
// heading takes focus when it appears: a screen reader then reads what happened, and the
// message it is described by.
import { useEffect, useRef, type ReactNode } from 'react';

interface CheckoutHeadingProps {
  icon: ReactNode;
  title: string;
  /** The icon circle's colours. */
  tone: string;
  /** The id of the message that says what the heading means. */
  describedBy?: string;
}

export function CheckoutHeading({ icon, title, tone, describedBy }: CheckoutHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [title]);
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <span
        className={`grid size-14 place-items-center rounded-full [&_svg]:size-7 ${tone}`}
        aria-hidden="true"
      >
        {icon}
      </span>
      <h1
        ref={heading}
        tabIndex={-1}
        aria-describedby={describedBy}
        className="text-2xl font-bold tracking-tight text-balance outline-none"
      >
        {title}
      </h1>
    </div>
  );
}
