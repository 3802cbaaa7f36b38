// How wrong passwords from browsers an account does not know slow its sign-in down (issue 26): never a
// lock the owner cannot get past, only pauses of seconds that grow while the guessing goes on. A browser
// that signed in before (login-devices.ts) meets none of this.

/** Wrong passwords an account takes within its hour before each further one pauses it. */
export const freeFailuresPerHour = 20;
/** Failures per pause length: 10 at 1 s, 10 at 2 s, 10 at 4 s, ... */
const failuresPerStep = 10;
/**
 * The longest pause. The owner on a new browser waits at most this long; a botnet that strikes the
 * moment each pause ends gets about 130 guesses an hour at one account (login-throttle.test.ts), near
 * the 100 the old hour-long lock allowed.
 */
export const longestPauseSeconds = 60;

/** Seconds the account's unknown browsers wait after its `failures`-th wrong password of the hour. */
export function pauseAfterFailure(failures: number): number {
  if (failures <= freeFailuresPerHour) return 0;
  const step = Math.floor((failures - freeFailuresPerHour - 1) / failuresPerStep);
  return Math.min(longestPauseSeconds, 2 ** step);
}
