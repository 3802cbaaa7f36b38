import type { ComponentProps } from 'react';

// The looks a button may take, each a class of globals.css (`btn-<look>`): `outline` is the brand's own
// border, `secondary` the quiet grey one. Kept in the style sheet, not here, because every client page
// would otherwise carry every look's class list in its script.
export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'outline' | 'danger' | 'danger-outline';

export interface ButtonLook {
  variant?: ButtonVariant;
  /** Both keep the 44 px touch target; `compact` suits a row of a table. */
  size?: 'regular' | 'compact';
  /** Fill the width of the container (a form's only action, a stacked list of choices). */
  fullWidth?: boolean;
  /**
   * What the look leaves open (margins, grid placement, a taller height, vertical padding, a busy cursor):
   * a class that sets what the look sets (colour, side padding, text size) would fight it.
   */
  className?: string;
}

/**
 * A button's classes: for a link that should look like a button. At least 44 px high, the touch
 * target the accessibility audit asks for.
 */
export function buttonClass({
  variant = 'primary',
  size = 'regular',
  fullWidth = false,
  className,
}: ButtonLook = {}) {
  return ['btn', `btn-${variant}`, size === 'compact' && 'btn-compact', fullWidth && 'w-full', className]
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ButtonLook & ComponentProps<'button'>;

/** A native button in one of the named looks; `type` defaults to "button", every other prop passes through. */
export function Button({ variant, size, fullWidth, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, fullWidth, className })} {...rest} />;
}
