import { notFound } from 'next/navigation';
import { AppError, type ErrorCode } from '@/server/errors';

// Pages read one record with a domain function that throws AppError('not_found') for a missing one.
// Here, and only here, that error becomes what a page shows instead; any other error still fails the page.

/** The record, or null when the domain answers with one of `codes` (the page decides what "none" shows). */
export async function orNull<T>(
  promise: Promise<T>,
  codes: readonly ErrorCode[] = ['not_found'],
): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof AppError && codes.includes(error.code)) return null;
    throw error;
  }
}

/** The record, or the 404 page when the domain answers with one of `codes`. */
export async function orNotFound<T extends {}>(
  promise: Promise<T>,
  codes: readonly ErrorCode[] = ['not_found'],
): Promise<T> {
  return (await orNull(promise, codes)) ?? notFound();
}
