import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddLoopToPlaylistBody,
  AddMusicToPlaylistBody,
  AddToPlaylistResponse,
  CreatePlaylistBody,
  CreatePlaylistResponse,
  FavouriteListResponse,
  IdParam,
  LibraryMessages,
  LoopFavoriteBody,
  MessageResponse,
  Messages,
  MusicFavoriteBody,
  PlaylistDetailResponse,
  PlaylistListResponse,
  SharedPlaylistResponse,
  SharePlaylistResponse,
  ShareTokenParam,
  ToggleFavouriteResponse,
} from '@tarab/contracts';
import { routeRateLimit } from '../../lib/rate-limit.js';
import type { Database } from '../../db/client.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import * as library from './library.service.js';
import { sessionSecurity } from '../../lib/openapi-security.js';

const tags = ['library'];

export function libraryRoutes(database: Database): FastifyPluginAsyncZod {
  const db = database.db;
  return async (app) => {
    app.addHook('preHandler', requireUser);

    app.post(
      '/api/playlists/add',
      {
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Create a playlist',
          body: CreatePlaylistBody,
          response: { 200: CreatePlaylistResponse },
        },
      },
      async (request) => {
        const playlist = await library.createPlaylist(db, currentUser(request).id, request.body.name);
        return { message: Messages.playlistCreated, data: playlist, playlist: { ...playlist, musics: [], loops: [] } };
      },
    );
    app.post(
      '/api/playlists/add-music',
      {
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Add a music track to a playlist',
          body: AddMusicToPlaylistBody,
          response: { 200: AddToPlaylistResponse },
        },
      },
      async (request) =>
        library.addToPlaylist(db, currentUser(request).id, request.body.playlist_id, request.body.music_id, 'music'),
    );
    app.post(
      '/api/playlists/add-loop',
      {
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Add a loop to a playlist',
          body: AddLoopToPlaylistBody,
          response: { 200: AddToPlaylistResponse },
        },
      },
      async (request) =>
        library.addToPlaylist(db, currentUser(request).id, request.body.playlist_id, request.body.loop_id, 'loop'),
    );
    app.get(
      '/api/playlists/all',
      {
        schema: {
          tags,
          security: sessionSecurity,
          summary: "The user's playlists with counts and tracks",
          response: { 200: PlaylistListResponse },
        },
      },
      async (request) => ({ playlists: await library.listPlaylists(db, currentUser(request).id) }),
    );
    app.get(
      '/api/playlists/music/:id',
      {
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'A playlist with its musics and loops',
          params: IdParam,
          response: { 200: PlaylistDetailResponse },
        },
      },
      async (request) => ({ data: await library.getPlaylist(db, currentUser(request).id, request.params.id) }),
    );
    app.post(
      '/api/playlists/:id/share',
      {
        schema: {
          tags,
          security: sessionSecurity,
          summary: "The playlist's unlisted, read-only share link (the same until revoked)",
          params: IdParam,
          response: { 200: SharePlaylistResponse },
        },
      },
      async (request) => ({
        message: LibraryMessages.shareCreated,
        data: { share_path: await library.sharePlaylist(db, currentUser(request).id, request.params.id) },
      }),
    );
    app.delete(
      '/api/playlists/:id/share',
      {
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Revoke the share link',
          params: IdParam,
          response: { 200: MessageResponse },
        },
      },
      async (request) => {
        await library.unsharePlaylist(db, currentUser(request).id, request.params.id);
        return { message: LibraryMessages.shareRevoked };
      },
    );
    app.delete(
      '/api/playlists/:id',
      {
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Delete a playlist',
          params: IdParam,
          response: { 200: MessageResponse },
        },
      },
      async (request) => {
        await library.deletePlaylist(db, currentUser(request).id, request.params.id);
        return { message: LibraryMessages.playlistDeleted };
      },
    );
    app.post(
      '/api/music/favorite',
      {
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Toggle a music favourite',
          body: MusicFavoriteBody,
          response: { 200: ToggleFavouriteResponse },
        },
      },
      async (request) => library.toggleFavourite(db, currentUser(request).id, request.body.music_id, 'music'),
    );
    app.post(
      '/api/loop/favorite',
      {
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Toggle a loop favourite',
          body: LoopFavoriteBody,
          response: { 200: ToggleFavouriteResponse },
        },
      },
      async (request) => library.toggleFavourite(db, currentUser(request).id, request.body.loop_id, 'loop'),
    );
    app.get(
      '/api/favourit/all',
      {
        schema: {
          tags,
          security: sessionSecurity,
          summary: "The user's favourites with full tracks",
          response: { 200: FavouriteListResponse },
        },
      },
      async (request) => {
        const favourites = await library.listFavourites(db, currentUser(request).id);
        return { data: favourites, playlists: favourites };
      },
    );
  };
}

/** Shared playlists: public (anyone with the link), read-only, limited per address. */
export function sharedPlaylistRoutes(database: Database, perMinute = 60): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/shared/playlists/:token',
      {
        config: routeRateLimit(perMinute, 60, { byIp: true }),
        schema: {
          tags,
          summary: 'A shared playlist: its tracks (previews) and the owner by name; 404 once revoked',
          params: ShareTokenParam,
          response: { 200: SharedPlaylistResponse },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        reply.header('X-Robots-Tag', 'noindex');
        return {
          data: await library.getSharedPlaylist(database.db, request.params.token, {
            loggedIn: request.user !== null,
          }),
        };
      },
    );
  };
}
