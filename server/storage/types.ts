/** The file-store contract shared by the local store and the S3-compatible one. */

/** An upload to presign: an accepted image content type and its size in bytes. */
export interface UploadRequest {
  tenantId: string;
  contentType: string;
  size: number;
  /** The API's configured origin, PUBLIC_ORIGIN (local store URLs point back at the API). */
  origin: string;
}

/** The answer of POST /s3/admin/presign/put. */
export interface PresignedUpload {
  key: string;
  /** Where to send the file, with `method` and exactly `headers`. */
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  /** The object's stable address: what a record stores (e.g. a deposit's screenshot). */
  public_url: string;
  /** A signed, short-lived address to read the object right away (preview). */
  read_url: string;
  expires_in: number;
}

/** A signed, short-lived read URL. */
export interface PresignedGet {
  url: string;
  expires_in: number;
}

/** A store of uploaded files reached through presigned URLs. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  readonly ttlSec: number;
  presignPut(req: UploadRequest): PresignedUpload;
  presignGet(key: string, origin: string): PresignedGet;
  /** The object key behind a public_url this store issued, or null. */
  keyOf(url: string): string | null;
}
