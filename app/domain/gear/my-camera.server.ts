// "My camera", kept on the account: chosen once, it speaks for the buyer on every page (a visitor
// carries it in the URL instead). Only the key of a body or a mount of the gear data is stored.
import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { users } from "#db/schema";
import { readCamera } from "./camera";
import { cameraName } from "./compatibility";

export const MY_CAMERA_MESSAGES = {
  unknown: "There is no such camera: choose yours from the list.",
  cleared: "Your camera is no longer set.",
} as const;

export type MyCameraResult = { ok: true; message: string } | { ok: false; status: 422; message: string };

/** Sets (or, with an empty key, clears) the account's camera. Setting the same camera twice changes nothing more. */
export async function saveMyCamera(db: Database, userId: string, key: string): Promise<MyCameraResult> {
  const trimmed = key.trim();
  if (trimmed === "") {
    await db.update(users).set({ camera: null }).where(eq(users.id, userId));
    return { ok: true, message: MY_CAMERA_MESSAGES.cleared };
  }
  const camera = readCamera(trimmed.toLowerCase());
  if (!camera) return { ok: false, status: 422, message: MY_CAMERA_MESSAGES.unknown };
  await db.update(users).set({ camera: camera.key }).where(eq(users.id, userId));
  return { ok: true, message: `Your camera is set: ${cameraName(camera)}.` };
}
