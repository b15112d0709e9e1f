import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Api, ArtistProfileLimits, type ArtistProfileDto } from '@tarab/contracts';
import { callTo, jsonResponse, on, renderRoutes, stubRoutes, testArtist } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { ArtistProfileForm } from './artist-profile-form';

/** Issue #32 item 8 (decision 061): the artist edits the Arabic name and bio beside the Latin ones. */
const profile: ArtistProfileDto = {
  id: 3,
  name: 'Rimal Collective',
  name_ar: null,
  bio: 'An ambient project.',
  bio_ar: null,
  image: { url: '/media/images/artists/rimal.svg' },
};

describe('ArtistProfileForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the Arabic name and bio, written right to left, with the Latin ones', async () => {
    let saved: ArtistProfileDto = profile;
    const { fetchStub, calls } = stubRoutes([
      on(Api.ingest.profile, () => jsonResponse(200, { data: saved })),
      on(Api.ingest.editProfile, (call) => {
        saved = { ...saved, ...(JSON.parse(String(call.init?.body)) as object) };
        return jsonResponse(200, { data: saved });
      }),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes([{ path: '/', element: <ArtistProfileForm /> }], { user: testArtist });
    const nameAr = await screen.findByLabelText('Artist name in Arabic');
    expect(nameAr).toHaveAttribute('dir', 'rtl');
    expect(nameAr).toHaveAttribute('maxLength', String(ArtistProfileLimits.nameMax));
    const bioAr = screen.getByLabelText('Bio in Arabic');
    expect(bioAr).toHaveAttribute('dir', 'rtl');
    expect(screen.getByLabelText('Artist name')).toHaveValue('Rimal Collective');

    const user = userEvent.setup();
    await user.type(nameAr, 'مجموعة رمال');
    await user.type(bioAr, 'مشروع موسيقى محيطية.');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your artist profile is saved.');
    const patch = calls.find(callTo(Api.ingest.editProfile));
    expect(JSON.parse(String(patch?.init?.body))).toEqual({
      name: 'Rimal Collective',
      name_ar: 'مجموعة رمال',
      bio: 'An ambient project.',
      bio_ar: 'مشروع موسيقى محيطية.',
    });
  });

  it("shows the server's refusal under the field it names", async () => {
    const message = `The Arabic name may not be greater than ${ArtistProfileLimits.nameMax} characters.`;
    const { fetchStub } = stubRoutes([
      on(Api.ingest.profile, () => jsonResponse(200, { data: profile })),
      on(Api.ingest.editProfile, () => jsonResponse(422, { message, errors: { name_ar: [message] } })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes([{ path: '/', element: <ArtistProfileForm /> }], { user: testArtist });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Artist name in Arabic'), 'س');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Artist name in Arabic')).toHaveAttribute('aria-invalid', 'true');
  });

  it('is in Arabic on Arabic pages, and hidden for an account without an artist profile', async () => {
    vi.stubGlobal('fetch', stubRoutes([on(Api.ingest.profile, () => jsonResponse(200, { data: profile }))]).fetchStub);
    const arabic = renderArabicRoutes([{ path: '/', element: <ArtistProfileForm /> }], { user: testArtist });
    expect(await screen.findByRole('heading', { name: 'ملف الفنان' })).toBeInTheDocument();
    expect(await screen.findByLabelText('اسم الفنان بالعربية')).toBeInTheDocument();
    arabic.unmount();

    vi.stubGlobal(
      'fetch',
      stubRoutes([
        on(Api.ingest.profile, () =>
          jsonResponse(403, { message: 'Your account is not linked to an artist profile.' }),
        ),
      ]).fetchStub,
    );
    renderRoutes([{ path: '/', element: <ArtistProfileForm /> }], { user: testArtist });
    // Shown while the profile loads, gone once the server says there is none.
    expect(screen.getByRole('heading', { name: 'Artist profile' })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Artist profile' })).not.toBeInTheDocument());
  });
});
