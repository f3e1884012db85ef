import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** How the next requests fail: an error status, a connection dropped without an answer, or no answer at all. */
export type FakeCloudinaryFailure = 'http-500' | 'reset' | 'hang';

export interface FakeCloudinaryImage {
  width: number;
  height: number;
  format: 'jpg' | 'png' | 'gif';
}

export interface FakeCloudinary {
  cloudName: string;
  /** The environment that points the server at this stand-in: `CLOUDINARY_URL` and both base overrides. */
  env: Record<string, string>;
  /** The delivery base the server's image URLs start with. */
  deliveryBase: string;
  /** The paths (with query) of the requests received, oldest first. */
  requests: string[];
  /** Stores an image under a public id, drawn with sharp in a plain colour. */
  addImage(publicId: string, image: FakeCloudinaryImage): Promise<void>;
  /** The next `count` requests fail the given way. */
  failNext(count: number, how?: FakeCloudinaryFailure): void;
  close(): Promise<void>;
}

const TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif' } as const;
type Format = keyof typeof TYPES;

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/** Delivery errors carry their reason in `x-cld-error`, as the real service's do. */
function sendDeliveryError(response: http.ServerResponse, status: number, reason: string): void {
  response.writeHead(status, { 'x-cld-error': reason, 'content-type': 'text/plain' }).end(reason);
}

interface Wanted {
  region?: { left: number; top: number; width: number; height: number };
  width?: number;
  isLimit: boolean;
  format?: Format | 'auto';
  quality?: number;
}

/** Reads `key_value` parts; undefined for anything but whole numbers and the given words. */
function partsOf(segment: string): Map<string, string> | undefined {
  const parts = new Map<string, string>();
  for (const part of segment.split(',')) {
    const match = /^([a-z])_([a-z0-9]+)$/.exec(part);
    if (!match?.[1] || !match[2]) return undefined;
    parts.set(match[1], match[2]);
  }
  return parts;
}

/**
 * The transformations this stand-in understands: a `c_crop,x_,y_,w_,h_` segment, and `w_`, `c_limit`/`c_scale`,
 * `f_auto`/`f_<format>`, `q_auto`/`q_<n>`.
 */
function parseTransformations(segments: string[]): Wanted | undefined {
  const wanted: Wanted = { isLimit: false };
  for (const segment of segments) {
    const parts = partsOf(segment);
    if (!parts) return undefined;
    if (parts.get('c') === 'crop') {
      const [left, top, width, height] = ['x', 'y', 'w', 'h'].map((key) => Number(parts.get(key) ?? Number.NaN));
      if (![left, top, width, height].every(Number.isInteger)) return undefined;
      wanted.region = { left: left!, top: top!, width: width!, height: height! };
      continue;
    }
    for (const [key, value] of parts) {
      if (key === 'w' && /^\d+$/.test(value)) wanted.width = Number(value);
      else if (key === 'c' && (value === 'limit' || value === 'scale')) wanted.isLimit = value === 'limit';
      else if (key === 'f' && (value === 'auto' || value in TYPES)) wanted.format = value as Format | 'auto';
      else if (key === 'q' && (value === 'auto' || /^\d+$/.test(value))) wanted.quality = value === 'auto' ? undefined : Number(value);
      else return undefined;
    }
  }
  return wanted;
}

/** f_auto as the real service chooses by the Accept header: AVIF, else WebP, else the original's format. */
function autoFormat(accept: string, original: Format): Format {
  if (accept.includes('image/avif') && original !== 'gif') return 'avif';
  if (accept.includes('image/webp')) return 'webp';
  return original;
}

/**
 * A stand-in for a Cloudinary account on a free port, for tests: the Admin API's
 * `GET /v1_1/<cloud>/resources/image/upload/<public_id>` (HTTP basic auth with the account's key and secret) and
 * delivery at `/<cloud>/image/upload/<transformations>/<public_id>`, rendering its images with sharp; or it fails
 * when told to.
 */
export async function startFakeCloudinary(options: { cloudName?: string; apiKey?: string; apiSecret?: string } = {}): Promise<FakeCloudinary> {
  const cloudName = options.cloudName ?? 'test-cloud';
  const apiKey = options.apiKey ?? '614352789012345';
  const apiSecret = options.apiSecret ?? 'fake-account-secret';
  const originals = new Map<string, { data: Buffer; image: FakeCloudinaryImage; createdAt: string }>();
  const requests: string[] = [];
  const failures: FakeCloudinaryFailure[] = [];
  const adminPrefix = `/v1_1/${cloudName}/resources/image/upload/`;
  const deliveryPrefix = `/${cloudName}/image/upload/`;
  let base = '';

  function answerAdmin(request: http.IncomingMessage, response: http.ServerResponse, publicId: string) {
    const expected = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return sendJson(response, 401, { error: { message: 'Invalid api_key or api_secret' } });
    const original = originals.get(publicId);
    if (!original) return sendJson(response, 404, { error: { message: `Resource not found - ${publicId}` } });
    return sendJson(response, 200, {
      asset_id: `asset-${publicId}`,
      public_id: publicId,
      format: original.image.format,
      version: 1767225600,
      resource_type: 'image',
      type: 'upload',
      created_at: original.createdAt,
      bytes: original.data.length,
      width: original.image.width,
      height: original.image.height,
      url: `${base}${deliveryPrefix}v1767225600/${publicId}.${original.image.format}`,
      secure_url: `${base}${deliveryPrefix}v1767225600/${publicId}.${original.image.format}`,
      derived: [],
    });
  }

  async function answerDelivery(request: http.IncomingMessage, response: http.ServerResponse, rest: string) {
    const segments = rest.split('/');
    const publicId = segments.pop() ?? '';
    const original = originals.get(publicId);
    if (!original) return sendDeliveryError(response, 404, `Resource not found - ${publicId}`);
    const wanted = parseTransformations(segments);
    if (!wanted) return sendDeliveryError(response, 400, `Invalid transformation ${segments.join('/')}`);
    const format = wanted.format === 'auto' ? autoFormat(request.headers.accept ?? '', original.image.format) : (wanted.format ?? original.image.format);
    let image = sharp(original.data);
    if (wanted.region) image = sharp(await image.extract(wanted.region).toBuffer());
    if (wanted.width !== undefined) image = image.resize({ width: wanted.width, withoutEnlargement: wanted.isLimit });
    const quality = wanted.quality === undefined ? {} : { quality: wanted.quality };
    const data = await (format === 'jpg' ? image.jpeg(quality) : format === 'webp' ? image.webp(quality) : format === 'avif' ? image.avif({ ...quality, effort: 0 }) : format === 'png' ? image.png() : image.gif()).toBuffer();
    response.writeHead(200, { 'content-type': TYPES[format], 'content-length': data.length, ...(wanted.format === 'auto' ? { vary: 'Accept' } : {}) }).end(data);
  }

  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    requests.push(url);
    const failure = failures.shift();
    if (failure === 'reset') return request.socket.destroy();
    if (failure === 'hang') return undefined;
    if (failure === 'http-500') return sendJson(response, 500, { error: { message: 'General error' } });
    const pathname = decodeURIComponent(url.split('?')[0] ?? '');
    if (request.method === 'GET' && pathname.startsWith(adminPrefix)) return answerAdmin(request, response, pathname.slice(adminPrefix.length));
    if (request.method === 'GET' && pathname.startsWith(deliveryPrefix)) {
      return void answerDelivery(request, response, pathname.slice(deliveryPrefix.length)).catch(() => sendDeliveryError(response, 500, 'Rendering failed'));
    }
    return sendJson(response, 404, { error: { message: 'Not found' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  const deliveryBase = `${base}/${cloudName}`;

  return {
    cloudName,
    env: { CLOUDINARY_URL: `cloudinary://${apiKey}:${apiSecret}@${cloudName}`, CLOUDINARY_API_BASE: base, CLOUDINARY_DELIVERY_BASE: deliveryBase },
    deliveryBase,
    requests,
    async addImage(publicId, image) {
      const drawn = sharp({ create: { width: image.width, height: image.height, channels: 3, background: '#c2410c' } });
      const data = await (image.format === 'jpg' ? drawn.jpeg() : image.format === 'png' ? drawn.png() : drawn.gif()).toBuffer();
      originals.set(publicId, { data, image, createdAt: new Date().toISOString() });
    },
    failNext(count, how = 'http-500') {
      for (let i = 0; i < count; i++) failures.push(how);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
