/**
 * Demo documents of the KYC page: small PNG pictures of an identity card (front, back) and of a selfie holding it,
 * drawn in code, written into the file store like an upload, and set on the submitted identity records (pending,
 * approved, rejected) that have none; decided records get the tenant's supervisor as reviewer. Call after
 * seedClientExtras. Deterministic: six variants of each picture, by client id.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { deflateSync } from 'node:zlib';
import type { Db } from './client';
import { client, clientIdentity, staffUser } from './schema';
import { LocalStorage, type FileStorage } from '../storage';

/** CRC-32 (PNG chunks), table-driven. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

type Rgb = readonly [number, number, number];

/** A truecolor canvas that encodes to PNG (8-bit RGB, no filter, zlib). */
export class Canvas {
  readonly px: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.px = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  rect(x: number, y: number, w: number, h: number, [r, g, b]: Rgb): this {
    for (let j = Math.max(0, y); j < Math.min(this.height, y + h); j++)
      for (let i = Math.max(0, x); i < Math.min(this.width, x + w); i++) {
        const o = (j * this.width + i) * 3;
        this.px[o] = r;
        this.px[o + 1] = g;
        this.px[o + 2] = b;
      }
    return this;
  }

  circle(cx: number, cy: number, radius: number, color: Rgb): this {
    for (let j = cy - radius; j <= cy + radius; j++)
      for (let i = cx - radius; i <= cx + radius; i++)
        if ((i - cx) ** 2 + (j - cy) ** 2 <= radius ** 2) this.rect(i, j, 1, 1, color);
    return this;
  }

  png(): Buffer {
    const raw = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * (this.width * 3 + 1)] = 0; // filter: none
      Buffer.from(this.px.buffer, y * this.width * 3, this.width * 3).copy(raw, y * (this.width * 3 + 1) + 1);
    }
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 2; // truecolor
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const ACCENTS: Rgb[] = [
  [37, 99, 235],
  [5, 150, 105],
  [217, 119, 6],
  [190, 24, 93],
  [79, 70, 229],
  [14, 116, 144],
];
const INK: Rgb = [55, 65, 81];
const LINE: Rgb = [156, 163, 175];
const SKIN: Rgb = [233, 196, 160];
const HAIR: Rgb = [68, 51, 40];

/** Lines standing for printed text. */
function textLines(c: Canvas, x: number, y: number, widths: number[], color: Rgb = LINE) {
  widths.forEach((w, k) => c.rect(x, y + k * 22, w, 8, color));
}

/** A face: head and shoulders. */
function person(c: Canvas, cx: number, top: number, scale: number, shirt: Rgb) {
  c.circle(cx, top + Math.round(34 * scale), Math.round(26 * scale), SKIN);
  c.rect(
    cx - Math.round(26 * scale),
    top + Math.round(4 * scale),
    Math.round(52 * scale),
    Math.round(14 * scale),
    HAIR,
  );
  c.circle(cx, top + Math.round(120 * scale), Math.round(52 * scale), shirt);
}

/** The front of an identity card (480 × 300). */
export function cardFront(variant: number): Buffer {
  const accent = ACCENTS[variant % ACCENTS.length];
  const c = new Canvas(480, 300, [243, 244, 246]);
  c.rect(0, 0, 480, 48, accent);
  c.rect(20, 16, 180, 14, [255, 255, 255]);
  c.rect(24, 70, 130, 170, [209, 213, 219]);
  person(c, 89, 100, 1, accent);
  c.rect(24, 220, 130, 20, [209, 213, 219]);
  textLines(c, 180, 80, [220, 160, 250, 120, 200, 180], INK);
  c.rect(180, 250, 270, 24, accent);
  return c.png();
}

/** The back of an identity card (480 × 300): a magnetic stripe, text and a barcode. */
export function cardBack(variant: number): Buffer {
  const accent = ACCENTS[variant % ACCENTS.length];
  const c = new Canvas(480, 300, [243, 244, 246]);
  c.rect(0, 24, 480, 44, [31, 41, 55]);
  textLines(c, 24, 96, [400, 360, 420, 300]);
  for (let i = 0; i < 60; i++) if ((i * 7 + variant) % 3 !== 0) c.rect(40 + i * 6, 200, 3 + (i % 2) * 2, 64, INK);
  c.rect(0, 286, 480, 14, accent);
  return c.png();
}

/** A selfie holding the card (360 × 360). */
export function selfie(variant: number): Buffer {
  const accent = ACCENTS[variant % ACCENTS.length];
  const c = new Canvas(360, 360, [219, 234, 254]);
  person(c, 150, 40, 1.8, [75, 85, 99]);
  c.rect(190, 200, 140, 90, [243, 244, 246]);
  c.rect(190, 200, 140, 16, accent);
  c.rect(198, 224, 40, 52, [209, 213, 219]);
  textLines(c, 246, 228, [70, 50, 60], INK);
  c.circle(200, 290, 16, SKIN);
  return c.png();
}

const VARIANTS = ACCENTS.length;

/** Writes one PNG into the store as an upload would and answers what a record stores (its public URL). */
async function store(storage: FileStorage, tenantId: string, png: Buffer): Promise<string> {
  const put = storage.presignPut({ tenantId, contentType: 'image/png', size: png.length, origin: '' });
  if (storage instanceof LocalStorage) {
    await storage.save(put.key, png);
  } else {
    const res = await fetch(put.url, { method: 'PUT', headers: put.headers, body: new Uint8Array(png) });
    if (!res.ok) throw new Error(`seed: upload of a KYC image failed (${res.status})`);
  }
  return put.public_url;
}

/** Seeds the KYC documents of `tenantId` (see the file comment); answers how many records got images. */
export async function seedKycDocuments(db: Db, storage: FileStorage, tenantId: string): Promise<{ records: number }> {
  const [supervisor] = await db
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(and(eq(staffUser.tenantId, tenantId), eq(staffUser.username, 'supervisor')));
  if (supervisor) {
    await db
      .update(clientIdentity)
      .set({ reviewedBy: supervisor.id })
      .where(
        and(
          eq(clientIdentity.tenantId, tenantId),
          isNotNull(clientIdentity.reviewedAt),
          isNull(clientIdentity.reviewedBy),
        ),
      );
  }
  const targets = await db
    .select({ id: clientIdentity.clientId })
    .from(clientIdentity)
    .innerJoin(client, eq(client.id, clientIdentity.clientId))
    .where(
      and(
        eq(clientIdentity.tenantId, tenantId),
        isNull(clientIdentity.frontImage),
        inArray(client.kycStatus, ['pending', 'approved', 'rejected']),
      ),
    );
  if (targets.length === 0) return { records: 0 };
  for (let v = 0; v < VARIANTS; v++) {
    const ids = targets.filter((t) => t.id % VARIANTS === v).map((t) => t.id);
    if (ids.length === 0) continue;
    const [frontImage, backImage, selfieImage] = [
      await store(storage, tenantId, cardFront(v)),
      await store(storage, tenantId, cardBack(v)),
      await store(storage, tenantId, selfie(v)),
    ];
    await db
      .update(clientIdentity)
      .set({ frontImage, backImage, selfieImage })
      .where(and(inArray(clientIdentity.clientId, ids), sql`${clientIdentity.frontImage} IS NULL`));
  }
  return { records: targets.length };
}
