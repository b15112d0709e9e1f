import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ArtistCatalogResponse,
  ArtistTrackResponse,
  IdParam,
  IngestMessages,
  TrackMetadataPatch,
  UploadListResponse,
  UploadResponse,
} from '@tarab/contracts';
import { AppError, unprocessable } from '../../lib/errors.js';
import { sessionSecurity } from '../../lib/openapi-security.js';
import { currentUser, requireRole } from '../../plugins/auth.js';
import * as ingest from './ingest.service.js';

const tags = ['artist uploads'];
const artistOnly = requireRole('artist');

const isTooLarge = (error: unknown) =>
  ['FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT'].includes(
    (error as { code?: string })?.code ?? '',
  );

export function ingestRoutes(ctx: ingest.IngestServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only here: one file of at most UPLOAD_MAX_MB plus a small JSON metadata field.
    await app.register(multipart, {
      limits: { fileSize: ctx.maxUploadBytes, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6, headerPairs: 50 },
    });

    app.post(
      '/api/artist/tracks',
      {
        preHandler: artistOnly,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Upload a track or loop (multipart: `file` and `metadata` JSON); processed in the background',
          consumes: ['multipart/form-data'],
          response: { 202: UploadResponse },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new AppError(415, 'Send the upload as multipart/form-data with a file and a metadata field.');
        }
        // The file is spooled to a temporary file as it arrives (never whole in memory), then
        // streamed to storage once the upload is accepted; the folder goes in any case.
        const spool = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-upload-'));
        try {
          let metadataRaw: string | undefined;
          let file: { filename: string; file: string; size: number } | undefined;
          try {
            for await (const part of request.parts()) {
              if (part.type === 'file') {
                if (part.fieldname === 'file' && !file) {
                  const target = path.join(spool, 'upload');
                  await pipeline(part.file, createWriteStream(target));
                  if (part.file.truncated) throw ingest.uploadTooLarge(ctx.maxUploadBytes);
                  file = { filename: part.filename, file: target, size: (await fs.stat(target)).size };
                } else {
                  await pipeline(part.file, new Writable({ write: (_chunk, _encoding, done) => done() }));
                }
              } else if (part.fieldname === 'metadata') {
                metadataRaw = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
              }
            }
          } catch (error) {
            if (isTooLarge(error)) throw ingest.uploadTooLarge(ctx.maxUploadBytes);
            throw error;
          }
          const metadata = ingest.parseMetadataField(metadataRaw);
          if (!file || file.size === 0) {
            throw unprocessable(IngestMessages.fileMissing, { file: [IngestMessages.fileMissing] });
          }
          const data = await ingest.createUpload(ctx, currentUser(request), { ...file, metadata });
          return reply.status(202).send({ data });
        } finally {
          await fs.rm(spool, { recursive: true, force: true });
        }
      },
    );

    app.get(
      '/api/artist/tracks',
      {
        preHandler: artistOnly,
        schema: {
          tags,
          security: sessionSecurity,
          summary: "The artist's own tracks (published and not), albums and upload limits",
          response: { 200: ArtistCatalogResponse },
        },
      },
      async (request) => ({ data: await ingest.artistCatalog(ctx.db, currentUser(request), ctx.maxUploadBytes) }),
    );

    app.get(
      '/api/artist/uploads',
      {
        preHandler: artistOnly,
        schema: {
          tags,
          security: sessionSecurity,
          summary: "The artist's uploads, newest first",
          response: { 200: UploadListResponse },
        },
      },
      async (request) => ({ data: await ingest.listUploads(ctx.db, currentUser(request)) }),
    );

    app.get(
      '/api/artist/uploads/:id',
      {
        preHandler: artistOnly,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'One upload: processing state, analysis, and the track once processed',
          params: IdParam,
          response: { 200: UploadResponse },
        },
      },
      async (request) => ({ data: await ingest.getUpload(ctx.db, currentUser(request), request.params.id) }),
    );

    app.patch(
      '/api/artist/tracks/:id',
      {
        preHandler: artistOnly,
        schema: {
          tags,
          security: sessionSecurity,
          summary: "Edit an own track's metadata",
          params: IdParam,
          body: TrackMetadataPatch,
          response: { 200: ArtistTrackResponse },
        },
      },
      async (request) => ({
        data: await ingest.patchTrack(ctx, currentUser(request), request.params.id, request.body),
      }),
    );

    for (const [action, published] of [
      ['publish', true],
      ['unpublish', false],
    ] as const) {
      app.post(
        `/api/artist/tracks/:id/${action}`,
        {
          preHandler: artistOnly,
          schema: {
            tags,
            security: sessionSecurity,
            summary: published ? 'Publish an own track to the store' : 'Withdraw an own track from the store',
            params: IdParam,
            response: { 200: ArtistTrackResponse },
          },
        },
        async (request) => ({
          message: published ? IngestMessages.published : IngestMessages.unpublished,
          data: await ingest.setTrackPublished(ctx, currentUser(request), request.params.id, published),
        }),
      );
    }
  };
}
