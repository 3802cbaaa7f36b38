/**
 * Issue 29 point 7: deleting an event gives back the creation it took, but only before it starts (a
 * series: before its first date), so an event that took place, or began to, was used and stays paid
 * for. Every event took exactly one creation when it was made (`insertEvent`: the form and the
 * calendar import, a series one for all its dates), and a deleted row cannot be deleted again, so
 * create-and-delete cycles give back at most what they took.
 */
export function givesCreationBack(event: { startDate: Date; seriesStart: Date | null }, now: Date): boolean {
  return (event.seriesStart ?? event.startDate).getTime() > now.getTime();
}
