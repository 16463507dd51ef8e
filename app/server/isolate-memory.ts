/** What an isolate keeps in memory: something that expires at a given time (ms since the epoch). */
interface Expiring {
  expires: number;
}

/**
 * Copies an isolate keeps for itself, least recently stored first out, bounded in number and in
 * bytes; an entry past its expiry is never returned. Nothing in it outlives the isolate or is
 * seen by another one.
 */
export class IsolateMemory<Entry extends Expiring> {
  readonly #entries = new Map<string, { entry: Entry; bytes: number }>();
  #bytes = 0;
  readonly #limits: { entries: number; bytes: number };

  constructor(limits: { entries: number; bytes: number }) {
    this.#limits = limits;
  }

  remember(key: string, entry: Entry, bytes: number) {
    this.#drop(key);
    this.#entries.set(key, { entry, bytes });
    this.#bytes += bytes;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#limits.entries && this.#bytes <= this.#limits.bytes) break;
      this.#drop(oldest);
    }
  }

  recall(key: string, now = Date.now()): Entry | null {
    const found = this.#entries.get(key);
    if (!found) return null;
    if (found.entry.expires <= now) {
      this.#drop(key);
      return null;
    }
    return found.entry;
  }

  clear() {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #drop(key: string) {
    const found = this.#entries.get(key);
    if (!found) return;
    this.#entries.delete(key);
    this.#bytes -= found.bytes;
  }
}
