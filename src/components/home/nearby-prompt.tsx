import type { MouseEvent, ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { LocateFixed } from '@/components/ui/icons';

/** The nearby section before any results: its heading, a sentence and the button that asks for the location. */
export function NearbyPrompt({
  headingId,
  title,
  text,
  button,
  children,
}: {
  headingId: string;
  title: ReactNode;
  text: string;
  button?: {
    label: string;
    busy: boolean;
    onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
    describedBy?: string;
    ref?: RefObject<HTMLButtonElement | null>;
  };
  /** What went wrong, under the box. */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId}>
      {title}
      <div className="mt-4 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-700">{text}</p>
        {button && (
          <Button
            ref={button.ref}
            onClick={button.onClick}
            aria-disabled={button.busy}
            aria-describedby={button.describedBy}
            className="shrink-0 py-2"
          >
            <LocateFixed aria-hidden size={18} />
            {button.label}
          </Button>
        )}
      </div>
      {children}
    </section>
  );
}
