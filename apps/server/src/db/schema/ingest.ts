import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { artists, tracks } from './catalog.js';
import { users } from './users.js';

export const uploadStatuses = ['queued', 'processing', 'processed', 'failed'] as const;
export type UploadStatusValue = (typeof uploadStatuses)[number];

/** What the analysis of an upload found (stored once processed). */
export interface UploadAnalysis {
  format: string;
  sampleRate: number;
  channels: number;
  durationS: number;
  /** PCM depth of the lossless delivery copy (absent in uploads processed before it was recorded). */
  bitDepth?: 16 | 24;
  bpm: number | null;
  loudnessLufs: number | null;
}

/**
 * Artist uploads and their processing job: the database is the queue (workers claim a queued row
 * with FOR UPDATE SKIP LOCKED). The original waits in private storage at `source_key`; once
 * processed it becomes the track's private audio and `track_id` points at the (unpublished or
 * published) track.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    status: text('status', { enum: uploadStatuses }).notNull().default('queued'),
    filename: text('filename').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    format: text('format').notNull(),
    sourceKey: text('source_key'),
    /** The validated TrackMetadata (contracts) the track is created with. */
    metadata: jsonb('metadata').notNull(),
    analysis: jsonb('analysis').$type<UploadAnalysis>(),
    /** A failed upload's reason: the English text, its code (contracts `ServerErrors`) and the code's params. */
    error: text('error'),
    errorCode: text('error_code'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    trackId: integer('track_id').references(() => tracks.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    /** While processing: the lease, renewed by the worker's heartbeat; expired leases are queued again. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** A queued job is not claimed before this (back-off after a failed attempt). */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('uploads_status_check', sql`${t.status} in ('queued', 'processing', 'processed', 'failed')`),
    index('uploads_status_id_idx').on(t.status, t.id),
    index('uploads_artist_id_idx').on(t.artistId, t.id),
  ],
);
