import { Api, urlOf } from '@tarab/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Messages } from '@tarab/contracts/messages';
import { jsonResponse, on, stubRoutes } from '@/testing/render-app';
import { recordDownloads } from '@/testing/record-downloads';
import { downloadLicensed } from './prepare-download';

const answer = (ready: boolean, retryAfter: number | null = null) =>
  jsonResponse(200, {
    data: {
      ready,
      format: 'wav',
      url: urlOf(Api.downloads.zip, { params: { id: 7 }, query: { format: 'wav' } }),
      retry_after: retryAfter,
    },
  });

describe('downloadLicensed', () => {
  let started: ReturnType<typeof recordDownloads>;
  beforeEach(() => {
    started = recordDownloads();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    started.stop();
  });

  it('waits as the server says while the file is made, tells once, then downloads the zip', async () => {
    const answers = [answer(false, 2), answer(false, 3), answer(true)];
    const { fetchStub, calls } = stubRoutes([on(Api.downloads.prepare, { id: 7 }, () => answers.shift()!)]);
    vi.stubGlobal('fetch', fetchStub);
    const waits: number[] = [];
    const onPreparing = vi.fn();
    await downloadLicensed(7, 'wav', { onPreparing, wait: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([2000, 3000]);
    expect(onPreparing).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => [c.url, c.init?.method])).toEqual(
      Array(3).fill([urlOf(Api.downloads.prepare, { params: { id: 7 }, query: { format: 'wav' } }), 'POST']),
    );
    expect(started.urls).toContain(urlOf(Api.downloads.zip, { params: { id: 7 }, query: { format: 'wav' } }));
  });

  it('gives up with Download failed after two minutes, and passes the server’s refusal on', async () => {
    const { fetchStub } = stubRoutes([on(Api.downloads.prepare, { id: 7 }, () => answer(false, 5))]);
    vi.stubGlobal('fetch', fetchStub);
    let clock = 0;
    await expect(
      downloadLicensed(7, 'wav', { now: () => clock, wait: async (ms) => void (clock += ms) }),
    ).rejects.toMatchObject({ message: Messages.downloadFailed });
    expect(clock).toBeGreaterThanOrEqual(120_000);

    const refused = stubRoutes([
      on(Api.downloads.prepare, { id: 7 }, () =>
        jsonResponse(403, { message: 'You need a license for this track to download it.' }),
      ),
    ]);
    vi.stubGlobal('fetch', refused.fetchStub);
    await expect(downloadLicensed(7, 'mp3')).rejects.toMatchObject({
      status: 403,
      message: 'You need a license for this track to download it.',
    });
    expect(started.urls).toEqual([]);
  });
});
