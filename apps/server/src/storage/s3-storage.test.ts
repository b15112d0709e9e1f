import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { startS3TestServer, type S3TestServer } from '../../test/s3-test-server.js';
import { createStorage } from './create-storage.js';
import { createS3Storage, normalizeS3Prefix, type S3Storage } from './s3-storage.js';

describe('s3 storage driver', () => {
  let s3: S3TestServer;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    await s3.createBucket('tarab-test');
    storage = createS3Storage(s3.options({ prefix: 'shop' }));
  });
  afterAll(async () => {
    storage?.destroy();
    await s3?.stop();
  });

  it('keeps objects under <prefix>public/ and <prefix>private/ with a content type from the extension', async () => {
    await storage.put('public', 'previews/a.mp3', 'x');
    await storage.put('public', 'peaks/a.json', '{}');
    await storage.put('private', 'originals/a.wav', 'x');
    const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: 'tarab-test', Prefix: 'shop/' }));
    expect(listed.Contents?.map((c) => c.Key).sort()).toEqual([
      'shop/private/originals/a.wav',
      'shop/public/peaks/a.json',
      'shop/public/previews/a.mp3',
    ]);
    const head = (Key: string) => storage.client.send(new HeadObjectCommand({ Bucket: 'tarab-test', Key }));
    expect((await head('shop/public/previews/a.mp3')).ContentType).toBe('audio/mpeg');
    expect((await head('shop/public/peaks/a.json')).ContentType).toBe('application/json; charset=utf-8');
    expect((await head('shop/private/originals/a.wav')).ContentType).toBe('audio/wav');
  });

  it('normalises S3_PREFIX and refuses one that escapes', () => {
    expect(normalizeS3Prefix('')).toBe('');
    expect(normalizeS3Prefix('tarab')).toBe('tarab/');
    expect(normalizeS3Prefix('env/prod/')).toBe('env/prod/');
    for (const bad of ['/tarab', 'a//b', '../x', 'a/./b'])
      expect(() => normalizeS3Prefix(bad), bad).toThrow(/S3_PREFIX/);
  });

  it('checks the bucket: a missing one is a readable startup error', async () => {
    await expect(storage.checkBucket()).resolves.toBeUndefined();
    const wrong = createS3Storage(s3.options({ bucket: 'no-such-bucket' }));
    try {
      await expect(wrong.checkBucket()).rejects.toThrow(
        /S3 bucket "no-such-bucket" .* cannot be used: it does not exist/,
      );
    } finally {
      wrong.destroy();
    }
  });

  it('createStorage picks the driver from config and validates the s3 settings', async () => {
    const base = testConfig();
    const s3Config = (bucket: string | undefined) => ({
      ...base,
      storage: {
        driver: 's3' as const,
        s3: {
          ...base.storage.s3,
          bucket,
          endpoint: s3.endpoint,
          forcePathStyle: true,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
        },
      },
    });
    await expect(createStorage(s3Config(undefined))).rejects.toThrow(/STORAGE_DRIVER=s3 needs S3_BUCKET/);
    await expect(createStorage(s3Config('absent-bucket'))).rejects.toThrow(/"absent-bucket" .* does not exist/);
    const fromConfig = (await createStorage(s3Config('tarab-test'))) as S3Storage;
    try {
      expect(fromConfig.publicRoot()).toBeNull();
      expect(fromConfig.bucket).toBe('tarab-test');
    } finally {
      fromConfig.destroy();
    }
    const local = await createStorage(base);
    expect(local.publicRoot()).toBe(path.join(base.dataDir, 'media', 'public'));
  });
});
