import path from 'node:path';
import type { Config } from '../config.js';
import { createLocalStorage } from './local-storage.js';
import type { Storage } from './storage.js';

/**
 * The storage driver chosen by STORAGE_DRIVER: `local` keeps objects in DATA_DIR/media; `s3` in a
 * bucket, checked at startup so a wrong name, endpoint or key fails now rather than on the first upload.
 */
export async function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Promise<Storage> {
  if (config.storage.driver === 'local') return createLocalStorage(path.join(config.dataDir, 'media'));
  const s3 = config.storage.s3;
  if (!s3.bucket) {
    throw new Error(
      'STORAGE_DRIVER=s3 needs S3_BUCKET: the name of a private bucket for the media (see README, "Configuration").',
    );
  }
  // Loaded only when chosen: the AWS SDK is large, and local installations never need it.
  const { createS3Storage } = await import('./s3-storage.js');
  const storage = createS3Storage({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: s3.forcePathStyle,
    prefix: s3.prefix,
  });
  try {
    await storage.checkBucket();
  } catch (error) {
    storage.destroy();
    throw error;
  }
  return storage;
}
