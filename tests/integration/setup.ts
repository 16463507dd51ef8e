// Every test starts on a clean database with the real migrations applied. Applying the
// migrations costs about half a second (more on a busy machine), so each file applies them once
// and every test then empties what the one before it wrote (tests/integration/storage.ts).
import { beforeAll, beforeEach } from "vitest";
import { emptyStorage, freshStorage } from "./storage";

beforeAll(freshStorage);
beforeEach(emptyStorage);
