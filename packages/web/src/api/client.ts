import { ROLE_OVERRIDE_HEADER, isRecord, type RoleOverride } from '@editor/domain';
import { responseSchemas, type ResponseName, type ResponseOf } from './responseSchemas.ts';

/** The user call (spec 000 §7); it never carries the role override. */
export const USER_CALL_PATH = '/api/v1/user';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  method?: Method;
  /** A path such as `/api/v1/user`, or a link's href. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Extra request headers, e.g. `If-Match` naming the version a save is based on. */
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

export interface Credentials {
  idToken: string | undefined;
  /** The technical admin's role override while it is on. */
  roleOverride: RoleOverride | null;
}

export interface ApiClient {
  /** Sends a request and returns its JSON answer, the named one of `responseSchemas`. */
  request<Name extends ResponseName>(request: ApiRequest & { response: Name }): Promise<ResponseOf<Name>>;
  /** Sends a request whose answer carries nothing the caller needs (for example 204). */
  send(request: ApiRequest): Promise<void>;
  /** Sends a request and returns its answer's bytes: an image only a signed-in user may fetch (the static map). */
  fetchBlob(request: ApiRequest): Promise<Blob>;
}

/** A failed call whose body the server described (spec 000 §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly messages: readonly string[];
  readonly code: string | undefined;
  /** The error body as it arrived. */
  readonly body: Readonly<Record<string, unknown>>;

  constructor(input: { status: number; messages: readonly string[]; code?: string | undefined; body: Record<string, unknown> }) {
    super(input.messages[0] ?? `Request failed with status ${input.status}`);
    this.name = 'ApiError';
    this.status = input.status;
    this.messages = input.messages;
    this.code = input.code;
    this.body = input.body;
  }

  toJSON(): Readonly<Record<string, unknown>> {
    return this.body;
  }
}


function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

async function jsonOrUndefined(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * Spec 000 §8: an error body that has a status is used as is; one with a statusCode becomes messages plus status;
 * anything else is a plain error.
 */
export async function errorFromResponse(response: Response): Promise<Error> {
  const body = await jsonOrUndefined(response);
  if (isRecord(body) && typeof body.status === 'number') {
    const code = typeof body.code === 'string' ? body.code : undefined;
    return new ApiError({ status: body.status, messages: stringsOf(body.messages), code, body });
  }
  if (isRecord(body) && typeof body.statusCode === 'number') {
    const messages = stringsOf(body.message ?? body.error);
    return new ApiError({ status: body.statusCode, messages, body: { status: body.statusCode, messages } });
  }
  return new Error(`Request failed: ${response.status} ${response.statusText}`.trim());
}

function isUserCall(method: Method, url: URL): boolean {
  return method === 'GET' && url.pathname === USER_CALL_PATH;
}

export interface ApiClientOptions {
  getCredentials: () => Promise<Credentials>;
  /**
   * Check every answer against its schema; on in development and tests, where a mismatch should be loud. A production
   * build never checks: it does not contain the schemas.
   */
  validateResponses?: boolean;
  baseUrl?: string;
}

/** The one way the app calls its server: bearer ID token, the role override header, error bodies turned into errors. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const validateResponses = options.validateResponses ?? import.meta.env.DEV;

  async function call(request: ApiRequest): Promise<Response> {
    const method = request.method ?? 'GET';
    const url = new URL(request.path, options.baseUrl ?? window.location.origin);
    const { idToken, roleOverride } = await options.getCredentials();
    const headers = new Headers({ ...request.headers, Accept: 'application/json' });
    if (idToken) headers.set('Authorization', `Bearer ${idToken}`);
    if (roleOverride && !isUserCall(method, url)) headers.set(ROLE_OVERRIDE_HEADER, JSON.stringify(roleOverride));
    let body: string | undefined;
    if (request.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(request.body);
    }
    const response = await fetch(url, { method, headers, body, signal: request.signal });
    if (!response.ok) throw await errorFromResponse(response);
    return response;
  }

  return {
    async request<Name extends ResponseName>(request: ApiRequest & { response: Name }): Promise<ResponseOf<Name>> {
      const data: unknown = await (await call(request)).json();
      // The server's tests check its answers against the same schemas. `import.meta.env.DEV` is false in a production
      // build, which then drops `responseSchemas` and zod with it (docs/decisions.md, "Response schemas in development only").
      if (import.meta.env.DEV && validateResponses) return responseSchemas[request.response].parse(data) as ResponseOf<Name>;
      return data as ResponseOf<Name>;
    },
    async send(request: ApiRequest): Promise<void> {
      await call(request);
    },
    async fetchBlob(request: ApiRequest): Promise<Blob> {
      return (await call(request)).blob();
    },
  };
}
