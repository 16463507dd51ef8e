// "Last seen" of a session is written at most every few minutes, not on every request: this
// isolate remembers which sessions it wrote lately (bounded in number and time), and only a
// request of a session it has not written within LAST_SEEN_EVERY_MS sends the (self-guarding)
// write with its reads. Other isolates write theirs; the write itself also skips a session seen
// within the interval, so a session is written at most once per interval per isolate.
import { LAST_SEEN_EVERY_MS } from "#app/domain/accounts/sessions.server";
import { IsolateMemory } from "./isolate-memory";

const written = new IsolateMemory<{ expires: number }>({ entries: 5_000, bytes: 5_000 });

/** Whether this request should record that its session was seen; true at most once per interval. */
export function dueForLastSeen(sessionId: string, now = Date.now()): boolean {
  if (written.recall(sessionId, now)) return false;
  written.remember(sessionId, { expires: now + LAST_SEEN_EVERY_MS }, 1);
  return true;
}

/** Forgets what this isolate wrote (tests start from nothing). */
export function forgetLastSeen() {
  written.clear();
}
