import { Api, IngestMessages, pathOf, type UploadDto } from '@tarab/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { callTo, jsonResponse, on, renderRoutes, type RouteStub, stubRoutes, testArtist } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { initialUploadState, useUploadStore } from '../stores/upload-store';
import { FakeXhr, stubXhr } from '../testing/fake-xhr';
import {
  audioFile,
  filterResponse,
  makeArtistTrack,
  makeCatalog,
  makeUpload,
  processedAnalysis,
} from '../testing/fixtures';
import { UploadPanel } from './upload-panel';

/** jsdom has no media playback: record play/pause and keep `paused` in step. */
function stubMedia() {
  const playing = new WeakSet<HTMLMediaElement>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return !playing.has(this);
  });
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing.add(this);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    playing.delete(this);
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  return { play, pause };
}

function setup(handlers: RouteStub[] = [], catalog = makeCatalog(), onPreviewPlay = vi.fn()) {
  const { fetchStub, calls } = stubRoutes([
    on(Api.ingest.tracks, () => jsonResponse(200, { data: catalog })),
    on(Api.catalog.filter, () => jsonResponse(200, filterResponse)),
    on(Api.ingest.uploads, () => jsonResponse(200, { data: [] })),
    ...handlers,
  ]);
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  const Xhr = stubXhr();
  // Under fake timers, user-event's own pauses advance them instead of waiting.
  const user = userEvent.setup(vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime } : {});
  const view = renderRoutes([{ path: '/artist-analytics', element: <UploadPanel onPreviewPlay={onPreviewPlay} /> }], {
    user: testArtist,
    path: '/artist-analytics?tab=upload',
  });
  return { ...view, user, calls, Xhr, onPreviewPlay };
}

const form = () => screen.getByRole('form', { name: 'Upload a track' });

async function fillValidLoop(user: ReturnType<typeof userEvent.setup>, file = audioFile()) {
  await user.upload(await screen.findByLabelText('Choose a file'), file);
  const title = screen.getByRole('textbox', { name: 'Title' });
  await user.clear(title);
  await user.type(title, 'Hijaz Pulse');
  await user.click(screen.getByRole('radio', { name: 'Loop' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Scale' }), 'Hijaz on D');
  await user.click(screen.getByRole('checkbox', { name: 'Darbuka' }));
  await user.type(screen.getByRole('spinbutton', { name: 'Price (USD)' }), '4.99');
}

describe('UploadPanel', () => {
  beforeEach(() => useUploadStore.setState(initialUploadState));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the form with the artist albums, the catalog options and the upload limits', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Upload a track or loop', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Drag and drop your audio file here')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a file')).toHaveAttribute('accept', '.wav,.mp3');
    expect(screen.getAllByText('WAV or MP3, up to 250 MB').length).toBeGreaterThan(0);
    const album = screen.getByRole('combobox', { name: 'Album' });
    expect(
      within(album)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No album (single)', 'Night Caravans', 'Desert Bloom']);
    expect(await screen.findByRole('checkbox', { name: 'Arabic Pop' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Instruments' })).toBeInTheDocument();
    // The scale is only asked for loops.
    expect(screen.queryByRole('combobox', { name: 'Scale' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Loop' }));
    expect(screen.getByRole('combobox', { name: 'Scale' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload loop' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your tracks' })).toBeInTheDocument();
    expect(screen.getByText('No tracks yet. Upload your first one above.')).toBeInTheDocument();
  });

  it('checks the form in the browser first: nothing is sent while a field is wrong', async () => {
    const { user, Xhr } = setup();
    await user.click(await screen.findByRole('button', { name: 'Upload track' }));
    expect(screen.getByText(IngestMessages.fileMissing)).toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('The title field is required.');
    expect(screen.getByRole('spinbutton', { name: 'Price (USD)' })).toHaveAccessibleDescription(
      'The price field is required.',
    );
    // The first wrong field takes the focus.
    expect(screen.getByLabelText('Choose a file')).toHaveFocus();
    expect(Xhr.requests).toHaveLength(0);

    // Typing in a field clears its error.
    await user.type(title, 'Hijaz');
    expect(title).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a file over the limit before sending it, and shows the chosen file name and size', async () => {
    const { user } = setup([], makeCatalog({ max_upload_mb: 1 }));
    const input = await screen.findByLabelText('Choose a file');
    await user.upload(input, audioFile('huge.wav', 1024 * 1024 + 1));
    expect(screen.getByText('The file is too large (the limit is 1 MB).')).toBeInTheDocument();
    expect(screen.queryByText('huge.wav', { selector: 'p' })).toBeNull();

    await user.upload(input, audioFile('night_caravan-loop.wav', 3 * 1024));
    expect(screen.getByText('night_caravan-loop.wav', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('3 KB')).toBeInTheDocument();
    expect(screen.queryByText('The file is too large (the limit is 1 MB).')).toBeNull();
    // The title starts from the file name.
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Night caravan loop');
    await user.click(screen.getByRole('button', { name: 'Remove night_caravan-loop.wav' }));
    expect(screen.getByText('Drag and drop your audio file here')).toBeInTheDocument();
  });

  it('takes a dropped file', async () => {
    setup();
    const zone = await screen.findByTestId('drop-zone');
    const file = audioFile('dropped.mp3');
    const dataTransfer = { files: [file], types: ['Files'], dropEffect: 'none' };
    await act(async () => {
      zone.dispatchEvent(Object.assign(new Event('dragenter', { bubbles: true }), { dataTransfer }));
    });
    expect(screen.getByText('Drop the file to add it')).toBeInTheDocument();
    await act(async () => {
      zone.dispatchEvent(Object.assign(new Event('drop', { bubbles: true, cancelable: true }), { dataTransfer }));
    });
    expect(screen.getByText('dropped.mp3', { selector: 'p' })).toBeInTheDocument();
  });

  it("puts the server's field errors under their fields and keeps the values", async () => {
    const { user, Xhr } = setup();
    await fillValidLoop(user);
    await user.click(screen.getByRole('button', { name: 'Upload loop' }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '0');

    act(() =>
      Xhr.latest().respond(422, {
        message: 'The selected instrument is invalid.',
        errors: { instrument: ['The selected instrument is invalid.'], file: [IngestMessages.notAudio] },
      }),
    );
    expect(await screen.findByText(IngestMessages.notAudio)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /^Instruments\b.*1 of 10 chosen/ })).toHaveAccessibleDescription(
      'The selected instrument is invalid.',
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Hijaz Pulse');
    expect(screen.getByRole('checkbox', { name: 'Darbuka' })).toBeChecked();
    // No duplicate form-level alert when every error has its field.
    expect(within(form()).queryByRole('alert')).toBeNull();
  });

  it('shows a too-large answer (413) under the file and a network failure above the form', async () => {
    const { user, Xhr } = setup();
    await fillValidLoop(user);
    await user.click(screen.getByRole('button', { name: 'Upload loop' }));
    act(() => Xhr.latest().respond(413, { message: IngestMessages.fileTooLarge(250) }));
    expect(await screen.findByText('The file is too large (the limit is 250 MB).')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Choose another file'), audioFile('second.wav'));
    await user.click(screen.getByRole('button', { name: 'Upload loop' }));
    act(() => Xhr.latest().fail());
    await screen.findByRole('form', { name: 'Upload a track' });
    expect(within(form()).getByRole('alert')).toHaveTextContent('Network error');
  });

  it('can cancel an upload on its way, back to the filled-in form', async () => {
    const { user, Xhr } = setup();
    await fillValidLoop(user);
    await user.click(screen.getByRole('button', { name: 'Upload loop' }));
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(Xhr.latest().aborted).toBe(true);
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Hijaz Pulse');
  });

  it('goes upload → queued → processing → processed preview → published', async () => {
    // The status is asked every second: fake timers stand in for those seconds (they also follow
    // the real clock, for the waits of Testing Library).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const track = makeArtistTrack({ id: 501, title: 'Hijaz Pulse', published: false });
    const answers: UploadDto[] = [
      makeUpload({ status: 'processing' }),
      makeUpload({ status: 'processed', analysis: processedAnalysis, track }),
    ];
    let catalog = makeCatalog();
    const media = stubMedia();
    const { user, Xhr, calls, onPreviewPlay } = setup([
      on(Api.ingest.tracks, () => jsonResponse(200, { data: catalog })),
      on(Api.ingest.uploadStatus, { id: 77 }, () =>
        jsonResponse(200, { data: answers.length > 1 ? answers.shift() : answers[0] }),
      ),
      on(Api.site.media, { '*': 'peaks/501.json' }, () =>
        jsonResponse(200, { data: Array.from({ length: 500 }, (_, i) => (i % 10) / 10) }),
      ),
      on(Api.ingest.publish, { id: 501 }, () =>
        jsonResponse(200, { message: IngestMessages.published, data: { ...track, published: true } }),
      ),
    ]);
    await fillValidLoop(user);
    await user.click(screen.getByRole('button', { name: 'Upload loop' }));

    // 1. The bytes go up with a real progress bar.
    const xhr: FakeXhr = Xhr.latest();
    const metadata = JSON.parse(String(xhr.body!.get('metadata')));
    expect(metadata).toMatchObject({ title: 'Hijaz Pulse', kind: 'loop', scale_id: 40, instrument: [13], price: 4.99 });
    act(() => xhr.progress(1024, 2048));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAttribute('aria-valuetext', '50% (1 KB of 2 KB)');
    expect(screen.getByRole('list', { name: 'Upload steps' })).toHaveTextContent('Upload');
    expect(screen.getByText('Upload', { selector: 'li[aria-current="step"] span' })).toBeInTheDocument();

    // 2. Accepted: queued, then processing (asked every second).
    catalog = makeCatalog({ tracks: [track] });
    act(() => xhr.respond(202, { data: makeUpload({ status: 'queued' }) }));
    expect(await screen.findByText('Processing…')).toBeInTheDocument();
    expect(screen.getByText('hijaz-pulse.wav · 689.1 KB')).toBeInTheDocument();

    // 3. Processed (two status answers later): the preview with the computed waveform and the analysis.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const card = await screen.findByRole('article', { name: 'Hijaz Pulse' }, { timeout: 5000 });
    const waveform = screen.getByRole('slider', { name: 'Waveform of Hijaz Pulse' });
    await vi.waitFor(() => expect(waveform).toHaveAttribute('data-state', 'ready'));
    expect(waveform.querySelectorAll('g.fill-accent rect')).toHaveLength(180);
    expect(screen.getByText('0:08', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('96 BPM')).toBeInTheDocument();
    expect(screen.getByText('−14.2 LUFS')).toBeInTheDocument();
    expect(screen.getByText('WAV · 44.1 kHz · stereo')).toBeInTheDocument();
    const polls = calls.filter((c) => c.url === pathOf(Api.ingest.uploadStatus, { id: 77 })).length;
    // Processed: no more status calls, a poll interval and more later.
    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(calls.filter((c) => c.url === pathOf(Api.ingest.uploadStatus, { id: 77 }))).toHaveLength(polls);

    // The preview plays (and the app's player is paused).
    const preview = document.querySelector('audio')!;
    expect(preview).toHaveAttribute('src', '/media/previews/501.mp3');
    await user.click(screen.getByRole('button', { name: 'Play preview' }));
    expect(media.play).toHaveBeenCalled();
    expect(onPreviewPlay).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Pause preview' }));
    expect(media.pause).toHaveBeenCalled();

    // "Your tracks" has the new draft.
    expect(within(card).getByText('Draft')).toBeInTheDocument();
    const row = (await screen.findByRole('button', { name: 'Publish Hijaz Pulse' })).closest('li')!;
    expect(within(row).getByText('Draft')).toBeInTheDocument();

    // 4. Publish.
    await user.click(within(card).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(IngestMessages.published)).toBeInTheDocument();
    expect(within(card).getByText('Published')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'See it in Loops' })).toHaveAttribute('href', '/loops');
    expect(calls.some(callTo(Api.ingest.publish, { params: { id: 501 } }))).toBe(true);
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Unpublish Hijaz Pulse' })).toBeInTheDocument();

    // Upload another: a fresh form (kind and price kept).
    await user.click(within(card).getByRole('button', { name: 'Upload another' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Loop' })).toBeChecked();
  });

  it('shows why processing failed, and lets the artist try another file with the details kept', async () => {
    const failed = makeUpload({ status: 'failed', error: IngestMessages.silent, error_code: 'audio_silent' });
    let listed = 0;
    const { user, Xhr } = setup([
      on(Api.ingest.uploadStatus, { id: 77 }, () => jsonResponse(200, { data: failed })),
      on(Api.ingest.uploads, () =>
        jsonResponse(200, { data: [listed++ === 0 ? makeUpload({ status: 'processing' }) : failed] }),
      ),
    ]);
    expect(await screen.findByRole('heading', { name: 'Hijaz Pulse', level: 3 })).toBeInTheDocument();
    await fillValidLoop(user);
    await user.click(screen.getByRole('button', { name: 'Upload loop' }));
    act(() => Xhr.latest().respond(202, { data: makeUpload({ status: 'queued' }) }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Processing failed');
    expect(alert).toHaveTextContent(IngestMessages.silent);
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Hijaz Pulse', level: 3 })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Try another file' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Hijaz Pulse');
    expect(screen.getByText('Drag and drop your audio file here')).toBeInTheDocument();
  });

  it('lists the tracks with their state and publishes or unpublishes them', async () => {
    const draft = makeArtistTrack({ id: 1, title: 'Oud Morning', kind: 'music', published: false, price: 9.5 });
    const live = makeArtistTrack({ id: 2, title: 'Sama Loop', published: true, album: null });
    const { user, calls } = setup(
      [
        on(Api.ingest.unpublish, { id: 2 }, () =>
          jsonResponse(200, { message: IngestMessages.unpublished, data: { ...live, published: false } }),
        ),
        on(Api.ingest.uploads, () =>
          jsonResponse(200, { data: [makeUpload({ id: 80, title: 'Still Working', status: 'processing' })] }),
        ),
      ],
      makeCatalog({ tracks: [draft, live] }),
    );
    expect(await screen.findByText('2 tracks · 1 published')).toBeInTheDocument();
    expect(screen.getByText('Music · 0:08 · 96 BPM · $9.50')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Still Working' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish Oud Morning' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unpublish Sama Loop' }));
    expect(await screen.findByText(IngestMessages.unpublished)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Publish Sama Loop' })).toBeInTheDocument();
    expect(screen.getByText('2 tracks · 0 published')).toBeInTheDocument();
    expect(calls.some((c) => c.url === pathOf(Api.ingest.unpublish, { id: 2 }))).toBe(true);
  });

  it('says an upload failed before the codes were stored (no error_code) with the generic text', async () => {
    const old = makeUpload({ status: 'failed', error: IngestMessages.silent, error_code: null });
    setup([on(Api.ingest.uploadStatus, { id: 77 }, () => jsonResponse(200, { data: old }))]);
    useUploadStore.getState().follow(77);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Processing failed');
    expect(alert).toHaveTextContent(IngestMessages.processingFailed);
    expect(alert).not.toHaveTextContent(IngestMessages.silent);
  });

  it('shows Error: {message} when the account is not an artist', async () => {
    setup([on(Api.ingest.tracks, () => jsonResponse(403, { message: 'This action is unauthorized.' }))]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: This action is unauthorized.');
  });
});

describe('UploadPanel on Arabic pages (errors by their codes)', () => {
  beforeEach(() => useUploadStore.setState(initialUploadState));
  afterEach(() => vi.unstubAllGlobals());

  function setupArabic(handlers: RouteStub[]) {
    const { fetchStub } = stubRoutes([
      on(Api.ingest.tracks, () => jsonResponse(200, { data: makeCatalog() })),
      on(Api.catalog.filter, () => jsonResponse(200, filterResponse)),
      on(Api.ingest.uploads, () => jsonResponse(200, { data: [] })),
      ...handlers,
    ]);
    vi.stubGlobal('fetch', vi.fn(fetchStub));
    const Xhr = stubXhr();
    const user = userEvent.setup();
    renderArabicRoutes([{ path: '/artist-analytics', element: <UploadPanel /> }], {
      user: testArtist,
      path: '/artist-analytics?tab=upload',
    });
    return { user, Xhr };
  }

  it("says why processing failed by the upload's error_code and error_params, not its English", async () => {
    const failed = makeUpload({
      status: 'failed',
      error: IngestMessages.sampleRate(4000),
      error_code: 'sample_rate_unsupported',
      error_params: { hz: 4000 },
    });
    setupArabic([on(Api.ingest.uploadStatus, { id: 77 }, () => jsonResponse(200, { data: failed }))]);
    useUploadStore.getState().follow(77);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('فشلت المعالجة');
    expect(alert).toHaveTextContent('معدل العيّنات \u20664000 Hz\u2069 غير مدعوم (\u20668000–192000 Hz\u2069).');
    expect(alert).not.toHaveTextContent('sample rate');
  });

  it('says an old failed upload without code with the generic text, in Arabic', async () => {
    const old = makeUpload({ status: 'failed', error: 'The audio is silent.', error_code: null });
    setupArabic([on(Api.ingest.uploadStatus, { id: 77 }, () => jsonResponse(200, { data: old }))]);
    useUploadStore.getState().follow(77);
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّرت معالجة الملف. حاول مجددًا أو ارفع ملفًا آخر.');
  });

  it("says the browser's checks and the server's field codes in Arabic, with the field's own name", async () => {
    const { user, Xhr } = setupArabic([]);
    await user.click(await screen.findByRole('button', { name: 'ارفع المقطوعة' }));
    expect(screen.getByText('اختر ملفًا صوتيًا لرفعه.')).toBeInTheDocument();
    expect(screen.getByText('حقل العنوان مطلوب.')).toBeInTheDocument();
    expect(Xhr.requests).toHaveLength(0);

    await user.upload(screen.getByLabelText('اختر ملفًا'), audioFile());
    await user.type(screen.getByRole('spinbutton', { name: 'السعر (بالدولار الأمريكي)' }), '4.99');
    await user.click(screen.getByRole('button', { name: 'ارفع المقطوعة' }));
    act(() =>
      Xhr.latest().respond(422, {
        code: 'validation_failed',
        message: IngestMessages.unknownOption('genre'),
        errors: { genre: [IngestMessages.unknownOption('genre')], bpm: ['The bpm must be at least 40.'] },
        field_codes: { genre: ['unknown_option'], bpm: ['bpm_too_small'] },
      }),
    );
    expect(await screen.findByText('قيمة الأنواع المختارة غير صالحة.')).toBeInTheDocument();
    expect(screen.getByText('يجب ألا تقل السرعة عن 40 نبضة في الدقيقة.')).toBeInTheDocument();
  });
});
