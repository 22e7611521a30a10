/**
 * A bounded map that forgets the least recently used entries first. A hit only stamps its entry
 * with a counter; the order is worked out when something must be forgotten (rare). The usual
 * trick, moving an entry to the end of a Map (delete, then set) on every hit, makes V8 build a
 * new hash table for the Map each time, and those tables land in the old generation: about 150
 * bytes of garbage per request that only a full collection frees.
 */
export class Lru<K, V> {
  readonly #entries = new Map<K, { value: V; cost: number; used: number }>();
  readonly #maxCost: number;
  #clock = 0;
  #cost = 0;

  /** `maxCost`: the most the entries may cost together (1 each unless given). */
  constructor(maxCost: number) {
    this.#maxCost = maxCost;
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = ++this.#clock;
    return entry.value;
  }

  set(key: K, value: V, cost = 1): void {
    this.delete(key);
    this.#entries.set(key, { value, cost, used: ++this.#clock });
    this.#cost += cost;
    if (this.#cost > this.#maxCost) this.#evict();
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#cost -= entry.cost;
  }

  clear(): void {
    this.#entries.clear();
    this.#cost = 0;
  }

  /** What the entries cost together. */
  get cost(): number {
    return this.#cost;
  }

  /** Down to 90 % of the bound, so one sort pays for several insertions. */
  #evict() {
    const oldestFirst = [...this.#entries].sort(([, a], [, b]) => a.used - b.used);
    for (const [key] of oldestFirst) {
      if (this.#cost <= this.#maxCost * 0.9) break;
      this.delete(key);
    }
  }
}
