import type { PlaylistDto } from '@tarab/contracts';
import { Api, LibraryMessages } from '@tarab/contracts';
import { Messages } from '@tarab/contracts/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SharedPlaylistRoute from '@/app/routes/shared-playlist';
import { jsonResponse, on, stubRoutes, testUser } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { createdBody, makePlaylist, makeTrack, playlistsBody } from '../testing/fixtures';
import { PlaylistDetails } from './playlist-details';
import { PlaylistsPanel } from './playlists-panel';

/** The library on Arabic pages (issue 19): texts, plurals, the server's answers and links under /ar. */
describe('the library in Arabic', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists playlists with Arabic counts, creates one (the empty-name error in Arabic) and asks before deleting', async () => {
    let playlists: PlaylistDto[] = [
      makePlaylist({ id: 1, name: 'Desert Road Trip', music_count: 2, loop_count: 1 }),
      makePlaylist({ id: 2, name: 'Oud Sessions', music_count: 1 }),
      makePlaylist({ id: 3, name: 'Dabke', music_count: 0 }),
    ];
    const { fetchStub } = stubRoutes([
      on(Api.library.playlists, () => jsonResponse(200, playlistsBody(playlists))),
      on(Api.library.createPlaylist, () => {
        const created = makePlaylist({ id: 9, name: 'رحلة' });
        playlists = [...playlists, created];
        return jsonResponse(200, createdBody(created));
      }),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderArabicRoutes([{ path: '/savedPage', element: <PlaylistsPanel /> }], { user: testUser, path: '/savedPage' });

    const link = await screen.findByRole('link', { name: 'Desert Road Trip' });
    expect(link.getAttribute('href')).toMatch(/^\/ar\/saved\/details\/1\?/);
    expect(within(link.closest('li')!).getByText('3 مقطوعات')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: 'Oud Sessions' }).closest('li')!).getByText('مقطوعة واحدة'));
    expect(within(screen.getByRole('link', { name: 'Dabke' }).closest('li')!).getByText('لا مقطوعات'));
    expect(screen.getByRole('list', { name: 'قوائم التشغيل' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('ابحث عن قائمة تشغيل أو مشروع')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'قائمة تشغيل أو مشروع جديد' }));
    const dialog = screen.getByRole('dialog', { name: 'إنشاء قائمة تشغيل' });
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('لا يمكن أن يكون اسم قائمة التشغيل فارغًا.');
    expect(within(dialog).queryByText(Messages.playlistNameEmptySentence)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'إغلاق' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('اسم قائمة التشغيل'), 'رحلة');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('تم إنشاء قائمة التشغيل بنجاح!')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'حذف قائمة التشغيل Oud Sessions' }));
    const confirm = screen.getByRole('alertdialog', { name: 'حذف قائمة التشغيل' });
    expect(confirm).toHaveTextContent('هل أنت متأكد من أنك تريد حذف قائمة التشغيل هذه؟');
    expect(within(confirm).getByRole('button', { name: 'إلغاء' })).toHaveFocus();
    expect(within(confirm).getByRole('button', { name: 'حذف' })).toBeInTheDocument();
  });

  it('shows a playlist: breadcrumb to /ar/savedPage, Arabic count and share link kept left to right', async () => {
    const detail = {
      ...makePlaylist({ id: 4, name: 'Road trip', music_count: 1, loop_count: 1 }),
      share_path: '/p/abc',
      musics: [makeTrack({ id: 1, title: 'Desert Rose', title_ar: 'وردة الصحراء' })],
      loops: [makeTrack({ id: 2, kind: 'loop', title: 'Darbuka Groove' })],
    };
    vi.stubGlobal(
      'fetch',
      stubRoutes([on(Api.library.playlist, { id: 4 }, () => jsonResponse(200, { data: detail }))]).fetchStub,
    );
    renderArabicRoutes(
      [{ path: '/saved/details/:id', element: <PlaylistDetails id="4" title="Road trip" trackCountHint={2} /> }],
      { user: testUser, path: '/saved/details/4' },
    );
    const crumbs = screen.getByRole('navigation', { name: 'مسار التنقل' });
    expect(within(crumbs).getByRole('link', { name: 'المحفوظات' })).toHaveAttribute('href', '/ar/savedPage');
    expect(screen.getByText('مقطوعتان')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'مقطوعات Road trip' });
    expect(within(list).getByText('وردة الصحراء')).toBeInTheDocument();
    expect(within(list).getByText('Layla Mansour · حلقة')).toBeInTheDocument();
    const share = screen.getByRole('region', { name: 'مشاركة قائمة التشغيل هذه' });
    expect(within(share).getByRole('textbox', { name: 'رابط المشاركة' })).toHaveAttribute('dir', 'ltr');
    expect(within(share).getByRole('button', { name: 'نسخ الرابط' })).toBeInTheDocument();
    expect(within(share).getByRole('button', { name: 'إيقاف المشاركة' })).toBeInTheDocument();
  });

  it('the shared playlist page says who shared it and how many tracks, in Arabic', async () => {
    vi.stubGlobal(
      'fetch',
      stubRoutes([
        on(Api.library.shared, { token: 'tok' }, () =>
          jsonResponse(200, {
            data: {
              ...makePlaylist({ name: 'Road trip', music_count: 11 }),
              id: undefined,
              owner: 'Amira',
              musics: [makeTrack({ id: 1, title: 'Desert Rose' })],
              loops: [],
            },
          }),
        ),
      ]).fetchStub,
    );
    renderArabicRoutes([{ path: '/p/:token', element: <SharedPlaylistRoute /> }], { user: null, path: '/p/tok' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Road trip' })).toBeInTheDocument();
    expect(screen.getByText('شاركها Amira')).toBeInTheDocument();
    expect(screen.getByText(/^11 مقطوعة · /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تشغيل الكل' })).toBeInTheDocument();
  });

  it('a revoked shared link says so in Arabic', async () => {
    vi.stubGlobal(
      'fetch',
      stubRoutes([
        on(Api.library.shared, { token: 'old' }, () =>
          jsonResponse(404, { code: 'shared_playlist_not_found', message: LibraryMessages.sharedNotFound }),
        ),
      ]).fetchStub,
    );
    renderArabicRoutes([{ path: '/p/:token', element: <SharedPlaylistRoute /> }], { user: null, path: '/p/old' });
    expect(await screen.findByText('قائمة التشغيل هذه غير موجودة أو لم تعد مشتركة.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'استكشف الموسيقى' })).toHaveAttribute('href', '/ar/music');
  });
});
