/** An S3-compatible store (AWS S3, MinIO, R2...): the browser uploads and reads through SigV4-presigned URLs. */
import { randomUUID } from 'node:crypto';
import { IMAGE_TYPES } from './image';
import { presignV4 } from './sigv4';
import type { FileStorage, PresignedGet, PresignedUpload, UploadRequest } from './types';

/** Connection settings of the S3-compatible store. */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base of the bucket (CDN or public-read bucket); default: the path-style object URL. */
  publicUrl?: string;
}

/** S3 storage with path-style object URLs `<endpoint>/<bucket>/<key>`. */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;

  constructor(
    private readonly s3: S3Settings,
    readonly ttlSec: number,
  ) {}

  private objectUrl(key: string): URL {
    return new URL(`${this.s3.endpoint.replace(/\/+$/, '')}/${this.s3.bucket}/${key}`);
  }

  private publicBase(): string {
    return (this.s3.publicUrl ?? `${this.s3.endpoint.replace(/\/+$/, '')}/${this.s3.bucket}`).replace(/\/+$/, '');
  }

  private presign(method: 'GET' | 'PUT', key: string, headers?: Record<string, string>): string {
    return presignV4({
      method,
      url: this.objectUrl(key),
      region: this.s3.region,
      accessKeyId: this.s3.accessKeyId,
      secretAccessKey: this.s3.secretAccessKey,
      expiresIn: this.ttlSec,
      headers,
    });
  }

  presignPut(req: UploadRequest): PresignedUpload {
    const key = `${req.tenantId}/${randomUUID()}.${IMAGE_TYPES[req.contentType]}`;
    // Content type and length are signed headers: S3 refuses an upload whose type or size differs.
    const url = this.presign('PUT', key, { 'content-type': req.contentType, 'content-length': String(req.size) });
    return {
      key,
      url,
      method: 'PUT',
      headers: { 'Content-Type': req.contentType },
      public_url: `${this.publicBase()}/${key}`,
      read_url: this.presign('GET', key),
      expires_in: this.ttlSec,
    };
  }

  presignGet(key: string): PresignedGet {
    return { url: this.presign('GET', key), expires_in: this.ttlSec };
  }

  keyOf(url: string): string | null {
    const base = `${this.publicBase()}/`;
    const key = url.startsWith(base) ? url.slice(base.length).split('?')[0] : '';
    return /^[a-z0-9_-]{1,40}\/[0-9a-f-]{36}\.(png|jpg|webp|gif)$/.test(key) ? key : null;
  }
}
