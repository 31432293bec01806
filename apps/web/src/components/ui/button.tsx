// The kit's button; `asChild` renders the styles on a child such as a router <Link> or an <a>.
import { cva, type VariantProps } from 'class-variance-authority';
import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react';
import { clsx } from 'clsx';

export const buttonVariants = cva(
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
        outline: 'border border-input bg-background text-foreground shadow-xs hover:bg-muted',
        ghost: 'text-foreground hover:bg-muted',
        // Ghost for a destructive action (Delete in a list row).
        'ghost-destructive': 'text-destructive hover:bg-red-50 hover:text-destructive-hover',
        // Ghost in a muted tone that turns red on hover (remove an item from a list).
        'ghost-remove': 'text-muted-foreground hover:bg-muted hover:text-destructive',
        destructive:
          'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover',
        link: 'text-primary underline-offset-4 hover:underline',
        // The amber call to action; dark text keeps it above AA contrast.
        accent: 'bg-accent-400 text-brand-950 shadow-sm hover:bg-accent-300',
      },
      size: {
        default: 'h-10 rounded-lg px-4',
        sm: 'h-8 rounded-md px-3 text-xs',
        lg: 'h-12 rounded-lg px-6 text-base',
        icon: 'size-10 rounded-lg',
        'icon-sm': 'size-8 rounded-lg',
        // The account menu's trigger: an avatar hugging the left edge.
        menu: 'h-10 rounded-lg pr-2 pl-1.5',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  children,
  ...props
}: ButtonProps) {
  // No class merging: variants never clash with each other, and `className` only adds layout
  // (width, flex); a different look is a variant. That keeps tailwind-merge off the first page.
  const classes = clsx(buttonVariants({ variant, size }), className);
  if (asChild && isValidElement<{ className?: string }>(children)) {
    // The child (a router <Link>, an <a>) keeps its own props and takes the button's look.
    const child = children as ReactElement<{ className?: string }>;
    return cloneElement(child, {
      ...props,
      'data-slot': 'button',
      className: clsx(classes, child.props.className),
    } as Partial<{ className?: string }>);
  }
  return (
    <button
      data-slot="button"
      // A plain <button> inside a form would submit it; make submitting an explicit choice.
      type="button"
      className={classes}
      {...props}
    >
      {children}
    </button>
  );
}
