// Spec §5: the price filter accepts 1 to 99999 zł; its slider runs 1 to 100 on a logarithmic scale,
// so the cheap end (where most tickets are) gets most of the travel.

import { maxPrice } from '@/lib/spec-limits';
export const priceFloor = 1;
export const priceCeiling = maxPrice;
export const sliderMin = 1;
export const sliderMax = 100;

const steps = sliderMax - sliderMin;
const span = Math.log(priceCeiling / priceFloor);

export const clampPrice = (price: number) =>
  Math.min(priceCeiling, Math.max(priceFloor, Math.round(Number.isFinite(price) ? price : priceFloor)));

/** Slider position (1..100) to a whole price in zł (1..99999). */
export function positionToPrice(position: number): number {
  const p = Math.min(sliderMax, Math.max(sliderMin, position));
  return clampPrice(priceFloor * Math.exp((span * (p - sliderMin)) / steps));
}

/** A price in zł to the nearest slider position. */
export function priceToPosition(price: number): number {
  return Math.round(sliderMin + (steps * Math.log(clampPrice(price) / priceFloor)) / span);
}
