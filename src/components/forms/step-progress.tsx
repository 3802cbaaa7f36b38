import type { Ref } from 'react';

/**
 * Where a form in steps stands: the heading of the current step ("Step 2 of 4: Place"), which takes
 * the focus on each change so screen readers announce it, and the list of steps, the current one
 * marked with aria-current="step".
 */
export function StepProgress({
  label,
  steps,
  current,
  heading,
  headingRef,
}: {
  /** The list's name ("Sign-up progress"). */
  label: string;
  /** The steps' names, in order. */
  steps: readonly string[];
  /** The current step's index. */
  current: number;
  /** The current step's heading. */
  heading: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="grid gap-3">
      <ol
        aria-label={label}
        className="grid gap-1 sm:gap-2"
        style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}
      >
        {steps.map((name, index) => (
          <li
            key={name}
            aria-current={index === current ? 'step' : undefined}
            className={`border-t-4 pt-1 text-xs sm:text-sm ${
              index <= current ? 'border-brand-600 text-slate-900' : 'border-slate-200 text-slate-600'
            } ${index === current ? 'font-semibold' : ''}`}
          >
            <span aria-hidden>{index + 1}. </span>
            {name}
          </li>
        ))}
      </ol>
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
        {heading}
      </h2>
    </div>
  );
}
