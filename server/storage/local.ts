/**
 * The embedded file store: files on local disk under DATA_DIR/uploads, reached through URLs the API signs with
 * HMAC-SHA256 and serves itself (PUT to upload, GET to read), each valid for a few minutes.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { IMAGE_TYPES } from './image';
import type { FileStorage, PresignedGet, PresignedUpload, UploadRequest } from './types';

/** Path under which the API serves the local store's objects: `<OBJECT_PATH><tenant>/<file>`. */
export const OBJECT_PATH = '/api/s3/object/';

const KEY =
  /^([a-z0-9_-]{1,40})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|jpg|webp|gif))$/;

/** Whether `key` is a well-formed object key (`<tenant>/<uuid>.<ext>`): nothing else ever reaches the disk. */
export const isObjectKey = (key: string): boolean => KEY.test(key);

/** The parts of a signed local-store request that the signature covers. */
export interface SignedRequest {
  method: 'GET' | 'PUT';
  key: string;
  contentType?: string;
  size?: number;
  expires: number;
}

/** Local-disk storage behind HMAC-signed, expiring URLs. */
export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;

  constructor(
    private readonly dir: string,
    private readonly secret: string,
    readonly ttlSec: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The signature of a request: HMAC over method, key, content type, size and expiry. */
  sign(r: SignedRequest): string {
    const payload = [r.method, r.key, r.contentType ?? '', r.size ?? '', r.expires].join('\n');
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  /** 'ok', 'expired' or 'invalid' for a request and the signature it carries. */
  verify(r: SignedRequest, signature: string | undefined): 'ok' | 'expired' | 'invalid' {
    if (!signature || !Number.isSafeInteger(r.expires)) return 'invalid';
    const want = Buffer.from(this.sign(r));
    const got = Buffer.from(signature);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return 'invalid';
    return r.expires * 1000 < this.now() ? 'expired' : 'ok';
  }

  private expiry(): number {
    return Math.floor(this.now() / 1000) + this.ttlSec;
  }

  presignPut(req: UploadRequest): PresignedUpload {
    const key = `${req.tenantId}/${randomUUID()}.${IMAGE_TYPES[req.contentType]}`;
    const expires = this.expiry();
    const signature = this.sign({ method: 'PUT', key, contentType: req.contentType, size: req.size, expires });
    const q = new URLSearchParams({ size: String(req.size), expires: String(expires), signature });
    return {
      key,
      url: `${req.origin}${OBJECT_PATH}${key}?${q}`,
      method: 'PUT',
      headers: { 'Content-Type': req.contentType, 'X-Tenant-Id': req.tenantId },
      public_url: `${req.origin}${OBJECT_PATH}${key}`,
      read_url: this.presignGet(key, req.origin).url,
      expires_in: this.ttlSec,
    };
  }

  presignGet(key: string, origin: string): PresignedGet {
    const expires = this.expiry();
    const q = new URLSearchParams({ expires: String(expires), signature: this.sign({ method: 'GET', key, expires }) });
    return { url: `${origin}${OBJECT_PATH}${key}?${q}`, expires_in: this.ttlSec };
  }

  keyOf(url: string): string | null {
    const path = url.startsWith('/') ? url : URL.canParse(url) ? new URL(url).pathname : '';
    const key = path.startsWith(OBJECT_PATH) ? path.slice(OBJECT_PATH.length) : '';
    return isObjectKey(key) ? key : null;
  }

  private path(key: string): string {
    const m = KEY.exec(key);
    if (!m) throw new Error('invalid object key');
    return join(this.dir, m[1], m[2]);
  }

  /** Writes a new object; false when the key already holds one (a signed URL uploads once). */
  async save(key: string, body: Buffer): Promise<boolean> {
    const file = this.path(key);
    await mkdir(dirname(file), { recursive: true });
    try {
      await writeFile(file, body, { flag: 'wx' });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
  }

  /** The object's bytes, or null when there is none. */
  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }
}
