import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from '@tarab/contracts';
import { AppError, fieldError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { currentUser } from '../../plugins/auth.js';
import * as ingest from './ingest.service.js';

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

    route(app, Api.ingest.upload, async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(415, 'upload_not_multipart');
      }
      // Per-artist limits before a byte of the file is read (and again with its size, in createUpload).
      await ingest.checkUploadAllowance(ctx, currentUser(request));
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
          throw fieldError('file_missing', 'file');
        }
        const data = await ingest.createUpload(ctx, currentUser(request), { ...file, metadata });
        reply.status(202);
        return { data };
      } finally {
        await fs.rm(spool, { recursive: true, force: true });
      }
    });

    route(app, Api.ingest.tracks, async (request) => ({
      data: await ingest.artistCatalog(ctx.db, currentUser(request), ctx.maxUploadBytes),
    }));
    route(app, Api.ingest.uploads, async (request) => ({
      data: await ingest.listUploads(ctx.db, currentUser(request)),
    }));
    route(app, Api.ingest.uploadStatus, async (request) => ({
      data: await ingest.getUpload(ctx.db, currentUser(request), request.params.id),
    }));
    route(app, Api.ingest.editTrack, async (request) => ({
      data: await ingest.patchTrack(ctx, currentUser(request), request.params.id, request.body),
    }));
    for (const [spec, published] of [
      [Api.ingest.publish, true],
      [Api.ingest.unpublish, false],
    ] as const) {
      route(app, spec, async (request) =>
        ingest.setTrackPublished(ctx, currentUser(request), request.params.id, published),
      );
    }
  };
}
