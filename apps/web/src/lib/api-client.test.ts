import { afterEach, describe, expect, it, vi } from 'vitest';
import { Api, CreatePlaylistResponse } from '@tarab/contracts';
import { api, ApiError, parseErrorResponse, parseNetworkError, toQueryString, UNEXPECTED_ANSWER } from './api-client';

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

  const playlist = { id: 4, name: 'Sufi', music_count: 0, loop_count: 0, tracks_count: 0, created_at: '2026-01-01' };

  it('sends same-origin JSON with the session cookie to the route of the table', async () => {
    const answer = { message: 'Playlist created', data: playlist, playlist: { ...playlist, musics: [], loops: [] } };
    const fetchMock = vi.fn(async () => jsonResponse(200, answer));
    vi.stubGlobal('fetch', fetchMock);

    const body = await api.call(Api.library.createPlaylist, { body: { name: 'Sufi' } });

    expect(body).toEqual(CreatePlaylistResponse.parse(answer));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    // literal: the URL the client builds from the table entry is what this test pins.
    expect(url).toBe('/api/playlists/add');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe(JSON.stringify({ name: 'Sufi' }));
    expect(init.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
  });

  it('fills path parameters (percent-encoded) and the query from the table', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { message: 'Deleted' }));
    vi.stubGlobal('fetch', fetchMock);
    await api.call(Api.library.unshare, { params: { id: 'a/b' } });
    // literal: how the client fills and percent-encodes a path parameter, and appends the query, is under test.
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('/api/playlists/a%2Fb/share');
    // literal: as above, the built URL is the thing under test.
    expect(api.url(Api.downloads.zip, { params: { id: 7 }, query: { format: 'wav' } })).toBe(
      '/api/user/downloads/7/zip?format=wav',
    );
  });

  it("rejects an answer that does not fit the route's schema", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { data: { wrong: true } })),
    );
    const rejection = api.call(Api.catalog.albums);
    await expect(rejection).rejects.toBeInstanceOf(ApiError);
    await expect(rejection).rejects.toMatchObject({
      name: 'UnexpectedAnswerError',
      status: 200,
      message: UNEXPECTED_ANSWER,
    });
  });

  it('rejects with the parsed server error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { message: 'Invalid email or password.' })),
    );
    await expect(api.call(Api.auth.me)).rejects.toMatchObject({
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
    await expect(api.call(Api.catalog.music)).rejects.toMatchObject({
      status: 0,
      message: 'NetworkError when attempting to fetch resource.',
    });
  });
});
