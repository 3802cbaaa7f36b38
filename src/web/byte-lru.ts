/**
 * A map held within a budget of bytes: when an entry does not fit, the least recently used go first.
 * Sizes are the caller's estimate of what an entry holds (its key included); an entry larger than the
 * whole budget is not kept at all.
 */
export class ByteLru<V> {
  // A Map iterates in insertion order; every use moves its entry to the end, so the first is the oldest.
  readonly #entries = new Map<string, { value: V; size: number }>();
  #bytes = 0;

  constructor(readonly budget: number) {}

  /** The bytes of every entry held now; never above the budget. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The entry's value, now the most recently used; undefined when not held. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps the value as the most recently used, evicting the oldest until the budget holds. */
  set(key: string, value: V, size: number): void {
    this.delete(key);
    if (size > this.budget) return;
    this.#entries.set(key, { value, size });
    this.#bytes += size;
    for (const [oldKey, entry] of this.#entries) {
      if (this.#bytes <= this.budget) break;
      this.#entries.delete(oldKey);
      this.#bytes -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
