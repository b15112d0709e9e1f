import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, parseErrorResponse, parseNetworkError, toQueryString } from './api-client';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

describe('parseErrorResponse', () => {
  it("keeps the server's message and field errors", () => {
    const error = parseErrorResponse(422, {
      message: 'The given data was invalid.',
      errors: { email: ['The email has already been taken.'], name: 'Name is required.' },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'The given data was invalid.',
      errors: {
        email: ['The email has already been taken.'],
        name: ['Name is required.'],
      },
    });
  });

  it('uses the first field error when the body has no message', () => {
    const error = parseErrorResponse(422, { errors: { password: ['Too short.', 'Too plain.'] } });
    expect(error.message).toBe('Too short.');
    expect(error.errors).toEqual({ password: ['Too short.', 'Too plain.'] });
  });

  it('falls back to a generic message for an empty or unusable body', () => {
    expect(parseErrorResponse(500, undefined)).toMatchObject({
      status: 500,
      message: 'Something went wrong',
    });
    expect(parseErrorResponse(500, { message: '   ' }).message).toBe('Something went wrong');
    expect(parseErrorResponse(502, ['not', 'an', 'object']).message).toBe('Something went wrong');
    expect(parseErrorResponse(500, {}).errors).toBeUndefined();
  });

  it('uses a short plain-text body as the message', () => {
    expect(parseErrorResponse(503, 'Service Unavailable').message).toBe('Service Unavailable');
  });
});

describe('parseNetworkError', () => {
  it('turns a fetch failure into status 0 with its message', () => {
    expect(parseNetworkError(new TypeError('Failed to fetch'))).toMatchObject({
      status: 0,
      message: 'Failed to fetch',
    });
    expect(parseNetworkError('weird').message).toBe('Network error');
  });
});

describe('toQueryString', () => {
  it('drops empty values and writes arrays in bracket form', () => {
    expect(toQueryString({ keyword: 'oud', genre: ['tarab', 'sufi'], mood: '', page: 1, x: undefined })).toBe(
      '?keyword=oud&genre%5B%5D=tarab&genre%5B%5D=sufi&page=1',
    );
    expect(toQueryString({})).toBe('');
  });
});

describe('api', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends same-origin JSON with the session cookie', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { data: { ok: true } }));
    vi.stubGlobal('fetch', fetchMock);

    const body = await api.post<{ data: { ok: boolean } }>('/api/playlists/add', { name: 'Sufi' });

    expect(body).toEqual({ data: { ok: true } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/playlists/add');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe(JSON.stringify({ name: 'Sufi' }));
    expect(init.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
  });

  it('rejects with the parsed server error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { message: 'Invalid email or password.' })),
    );
    await expect(api.get('/api/me')).rejects.toMatchObject({
      name: 'ApiError',
      status: 401,
      message: 'Invalid email or password.',
    });
  });

  it('rejects with the network error message when no response arrives', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('NetworkError when attempting to fetch resource.');
      }),
    );
    await expect(api.get('/api/music')).rejects.toMatchObject({
      status: 0,
      message: 'NetworkError when attempting to fetch resource.',
    });
  });

  it('resolves undefined for 204 No Content', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(api.delete('/api/playlists/1')).resolves.toBeUndefined();
  });
});
