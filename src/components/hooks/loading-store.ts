// How many overlay-worthy calls are in flight; the loading overlay subscribes to it.
let pending = 0;
const listeners = new Set<() => void>();

export const loadingStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => pending,
  start() {
    pending++;
    for (const l of listeners) l();
  },
  stop() {
    pending = Math.max(0, pending - 1);
    for (const l of listeners) l();
  },
};
