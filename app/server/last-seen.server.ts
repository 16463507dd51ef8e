// "Last seen" of a session is written at most every few minutes, not on every request: this
// isolate remembers which sessions it wrote lately (bounded in number and time, in lru-cache),
// and only a request of a session it has not written within LAST_SEEN_EVERY_MS sends the
// (self-guarding) write with its reads. Other isolates write theirs; the write itself also skips a
// session seen within the interval, so a session is written at most once per interval per isolate.
import { LRUCache } from "lru-cache";
import { LAST_SEEN_EVERY_MS } from "#app/domain/accounts/sessions.server";

const written = new LRUCache<string, true>({ max: 5_000, ttl: LAST_SEEN_EVERY_MS });

/** Whether this request should record that its session was seen; true at most once per interval. */
export function dueForLastSeen(sessionId: string): boolean {
  if (written.has(sessionId)) return false;
  written.set(sessionId, true);
  return true;
}

/** Forgets what this isolate wrote (tests start from nothing). */
export function forgetLastSeen() {
  written.clear();
}
