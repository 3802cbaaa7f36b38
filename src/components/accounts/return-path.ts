import { safeNextPath } from '@/lib/next-path';

// Google's sign-in leaves the site and comes back to /login/google in the same tab; the tab's session
// storage carries the return path across, and is read once.
const key = 'login_next';

export function keepReturnPath(path: string) {
  try {
    if (path === '/') sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, path);
  } catch {
    // Storage refused (private mode): the sign-in still works and lands on the home page.
  }
}

export function takeReturnPath(): string {
  try {
    const path = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return safeNextPath(path);
  } catch {
    return '/';
  }
}
