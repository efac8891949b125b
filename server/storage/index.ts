/** The file store of the API: local disk by default, an S3-compatible store when S3_* settings are present. */
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from '../config';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { FileStorage } from './types';

export * from './image';
export * from './types';
export { LocalStorage, OBJECT_PATH, isObjectKey } from './local';
export { S3Storage, type S3Settings } from './s3';
export { presignV4 } from './sigv4';
export { proofReadUrl, setProofStore } from './proof';

/** How long a presigned URL stays valid (seconds). */
export const URL_TTL_SEC = 300;

/**
 * The configured store: S3 when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY are all set
 * (S3_REGION default us-east-1, S3_PUBLIC_URL optional), else local disk in DATA_DIR/uploads.
 */
export function createStorage(config: Config, env: NodeJS.ProcessEnv = process.env): FileStorage {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY } = env;
  if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY && S3_SECRET_KEY) {
    return new S3Storage(
      {
        endpoint: S3_ENDPOINT,
        bucket: S3_BUCKET,
        region: env.S3_REGION || 'us-east-1',
        accessKeyId: S3_ACCESS_KEY,
        secretAccessKey: S3_SECRET_KEY,
        publicUrl: env.S3_PUBLIC_URL || undefined,
      },
      URL_TTL_SEC,
    );
  }
  // A key of its own, derived from the JWT secret: a URL signature can never pass as a token signature.
  const secret = createHmac('sha256', config.jwtSecret).update('local-file-urls').digest('base64url');
  return new LocalStorage(join(config.dataDir, 'uploads'), secret, URL_TTL_SEC);
}
