'use client';

import { type ReactNode, useRef } from 'react';
import type { BeaconMeasure, StatSubject } from '@/lib/stats-measures';
import { useClickHit, useImpression } from './use-impression';

/**
 * A paid placement's card (issue 28): its impression when half of it is seen, its click when its link
 * is followed. Only the card's link counts as a click, not its "Sponsored" disclosure.
 */
export function PlacementHits({
  subject,
  id,
  impression,
  click,
  className,
  children,
}: {
  subject: StatSubject;
  id: number;
  impression: BeaconMeasure;
  click: BeaconMeasure;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useImpression(ref, { subject, id, measure: impression });
  useClickHit(ref, { subject, id, measure: click }, 'a[href]');
  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}

/**
 * Counts a click on any link or button inside (issue 28: the ticket, share and contact actions) around
 * server-rendered children. A `display: contents` span: it changes neither the layout nor the markup's
 * roles, and holds only phrasing content (links, buttons).
 */
export function ClickHit({
  subject,
  id,
  measure,
  children,
}: {
  subject: StatSubject;
  id: number;
  measure: BeaconMeasure;
  children: ReactNode;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  useClickHit(ref, { subject, id, measure });
  return (
    <span ref={ref} className="contents">
      {children}
    </span>
  );
}
