import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { contentTypeFor } from './content-type.js';
import {
  assertSafeKey,
  assertSafePrefix,
  assertValidRange,
  isSafeKey,
  isStreamBody,
  StorageNotFoundError,
  type Storage,
  type StoredObjectInfo,
  type Visibility,
} from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, B2, s3rver…); unset for AWS. */
  endpoint?: string;
  /** Both, or neither (then the SDK's default chain: environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name (most S3-compatible services want it). */
  forcePathStyle?: boolean;
  /** Prepended to every object name, e.g. `tarab/` to share a bucket. */
  prefix?: string;
  /** Keys per ListObjectsV2 page (1000, S3's maximum; tests use a small one to exercise paging). */
  listPageSize?: number;
  /** Connections kept to the service; every media response being streamed holds one. */
  maxSockets?: number;
}

export interface S3Storage extends Storage {
  readonly client: S3Client;
  readonly bucket: string;
  /** HeadBucket: rejects with a readable message when the bucket is missing or unreachable. */
  checkBucket(): Promise<void>;
  /** Closes the client's connections. */
  destroy(): void;
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;

/** A missing object: GetObject says NoSuchKey, HeadObject (no body) says NotFound. Not NoSuchBucket. */
const isMissingObject = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');

const isUnsatisfiableRange = (error: unknown) =>
  (error instanceof S3ServiceException && error.name === 'InvalidRange') || statusOf(error) === 416;

/** `tarab` → `tarab/`; '' stays ''. No leading slash, no empty or dot segments. */
export function normalizeS3Prefix(prefix: string): string {
  if (prefix === '') return '';
  const withSlash = prefix.endsWith('/') ? prefix : `${prefix}/`;
  const segments = withSlash.slice(0, -1).split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new Error(`S3_PREFIX must be relative, with no empty, "." or ".." segment: ${JSON.stringify(prefix)}`);
  }
  return withSlash;
}

/**
 * The `s3` storage driver: public and private objects under `<prefix>public/` and `<prefix>private/`
 * of one bucket. The bucket must not be public: /media/ is served by the application (which only
 * ever reads the public half), and private objects (originals, download masters) have no URL.
 */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  if (!options.bucket) throw new Error('The s3 storage driver needs a bucket (S3_BUCKET).');
  if (Boolean(options.accessKeyId) !== Boolean(options.secretAccessKey)) {
    throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither.');
  }
  const { bucket } = options;
  const root = normalizeS3Prefix(options.prefix ?? '');
  const pageSize = options.listPageSize ?? 1000;
  const config: S3ClientConfig = {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    requestHandler: {
      httpAgent: { maxSockets: options.maxSockets ?? 256 },
      httpsAgent: { maxSockets: options.maxSockets ?? 256 },
    },
    // Many S3-compatible services reject the newer default checksum headers: send them only when required.
    ...(options.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  };
  const client = new S3Client(config);

  const half = (v: Visibility) => `${root}${v}/`;
  const objectKey = (v: Visibility, key: string) => {
    assertSafeKey(key);
    return `${half(v)}${key}`;
  };

  const storage: S3Storage = {
    client,
    bucket,
    async put(v, key, body) {
      // A PutObject is atomic: readers see the previous object or the whole new one.
      const content = isStreamBody(body) ? { Body: body.stream, ContentLength: body.size } : { Body: body };
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: objectKey(v, key), ...content, ContentType: contentTypeFor(key) }),
      );
    },
    async get(v, key) {
      const Key = objectKey(v, key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        if (!res.Body) return Buffer.alloc(0);
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (error) {
        throw isMissingObject(error) ? new StorageNotFoundError(v, key, error) : error;
      }
    },
    async stream(v, key, range) {
      const Key = objectKey(v, key);
      assertValidRange(range);
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        const body = res.Body;
        if (body instanceof Readable) return body;
        if (!body) return Readable.from([]);
        return Readable.from(Buffer.from(await body.transformToByteArray()));
      } catch (error) {
        if (isMissingObject(error)) throw new StorageNotFoundError(v, key, error);
        if (range && isUnsatisfiableRange(error)) {
          throw new RangeError(`Range ${range.start}- is past the end of ${key}`, { cause: error });
        }
        throw error;
      }
    },
    async stat(v, key): Promise<StoredObjectInfo | null> {
      const Key = objectKey(v, key);
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        return {
          size: res.ContentLength ?? 0,
          mtimeMs: res.LastModified?.getTime() ?? 0,
          etag: res.ETag ?? `"${res.ContentLength ?? 0}-${res.LastModified?.getTime() ?? 0}"`,
        };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async exists(v, key) {
      return (await storage.stat(v, key)) !== null;
    },
    async remove(v, key) {
      // Deleting a missing object succeeds, as with the local driver.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(v, key) }));
    },
    async list(v, prefix) {
      assertSafePrefix(prefix);
      const base = half(v);
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${base}${prefix}`,
            MaxKeys: pageSize,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(base.length);
          // Skips "folder" markers (`a/`) and names this application could not have written.
          if (key && object.Key?.startsWith(base) && isSafeKey(key)) keys.push(key);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    publicRoot: () => null,
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = statusOf(error);
        const where = options.endpoint ?? `AWS S3 (${options.region})`;
        const why =
          status === 404
            ? 'it does not exist'
            : status === 403 || status === 401
              ? 'access denied: check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY and the bucket policy'
              : `${(error as Error).name}: ${(error as Error).message}`;
        throw new Error(`S3 bucket "${bucket}" at ${where} cannot be used: ${why}`, { cause: error });
      }
    },
    destroy: () => client.destroy(),
  };
  return storage;
}
