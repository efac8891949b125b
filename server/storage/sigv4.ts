/** AWS Signature Version 4 query-string presigning (the S3 "presigned URL"), written out to avoid an SDK. */
import { createHash, createHmac } from 'node:crypto';

/** What to presign. `headers` (lower-case names) become signed headers the uploader must send unchanged. */
export interface PresignInput {
  method: 'GET' | 'PUT';
  url: URL;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  expiresIn: number;
  headers?: Record<string, string>;
  service?: string;
  now?: Date;
}

// RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone).
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

/** The presigned URL (UNSIGNED-PAYLOAD) for `input.method` on `input.url`. */
export function presignV4(input: PresignInput): string {
  const service = input.service ?? 's3';
  const amzDate = (input.now ?? new Date())
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const headers: Record<string, string> = { host: input.url.host, ...input.headers };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const query: Record<string, string> = {
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${input.accessKeyId}/${scope}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(input.expiresIn),
    'X-Amz-SignedHeaders': signedHeaders,
  };
  for (const [k, v] of input.url.searchParams) query[k] = v;
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((k) => `${encode(k)}=${encode(query[k])}`)
    .join('&');
  const canonicalPath = input.url.pathname
    .split('/')
    .map((seg) => encode(decodeURIComponent(seg)))
    .join('/');
  const canonicalRequest = [
    input.method,
    canonicalPath,
    canonicalQuery,
    names.map((n) => `${n}:${headers[n].trim()}\n`).join(''),
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `${input.url.origin}${canonicalPath}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}
