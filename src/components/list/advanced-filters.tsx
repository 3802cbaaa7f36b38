'use client';

import type { ComponentProps } from 'react';
import { DateFilter } from './date-filter';
import { DistanceFilter } from './distance-filter';
import { PriceFilter } from './price-filter';

/**
 * "More filters": price, dates and distance. Loaded when the visitor opens them, or with the page when
 * the URL already uses one of them (then they are open from the start).
 */
export function AdvancedFilters(props: ComponentProps<typeof DistanceFilter>) {
  const { id, draft, set } = props;
  return (
    <>
      <PriceFilter id={id} draft={draft} set={set} />
      <DateFilter id={id} draft={draft} set={set} />
      <DistanceFilter {...props} />
    </>
  );
}
