import { z } from './zod.js';
import { ArtistTrackDto } from './ingest.js';

/**
 * The operator's review queue (MODERATION=on, issue 22, decision 041): each waiting track in the
 * artist's own view of it — metadata, analysis (duration, BPM, loudness, maqam…), preview and peaks.
 */
export const AdminReviewQueueResponse = z.object({ data: z.array(ArtistTrackDto) });
export type AdminReviewQueueResponse = z.infer<typeof AdminReviewQueueResponse>;
export const AdminReviewResponse = z.object({ message: z.string(), data: ArtistTrackDto });
export type AdminReviewResponse = z.infer<typeof AdminReviewResponse>;
