/**
 * Signed read URLs for stored proof images, for record views (a deposit's `screenshot_url`). The API's file store is
 * registered once when the s3 routes mount (one store per process: the last app built wins, which only tests notice).
 */
import type { FileStorage } from './types';

let store: FileStorage | null = null;

/** Makes `storage` the store that proof URLs are signed with. */
export function setProofStore(storage: FileStorage): void {
  store = storage;
}

/**
 * A short-lived signed URL an <img> loads without any header (local store: `/api/s3/object/<tenant>/<file>?expires&
 * signature`, relative to the API's origin; S3: a SigV4 URL), or null when there is no image or it is not one of ours.
 * Callers answer it only for records the caller may read, so the URL never reaches someone outside the record's scope.
 */
export function proofReadUrl(stored: string | null | undefined): string | null {
  if (!stored || !store) return null;
  const key = store.keyOf(stored);
  return key ? store.presignGet(key, '').url : null;
}
