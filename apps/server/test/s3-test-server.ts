import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3StorageOptions } from '../src/storage/s3-storage.js';

export interface S3TestServer {
  endpoint: string;
  /** Options for createS3Storage against this server (path style, s3rver's fixed credentials). */
  options(overrides?: Partial<S3StorageOptions>): S3StorageOptions;
  createBucket(name: string): Promise<void>;
  stop(): Promise<void>;
}

// s3rver signs ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 17+) only offers
// with its legacy provider: so it runs in a child process started with --openssl-legacy-provider.
const LAUNCHER = `
const S3rver = require(process.env.S3RVER_MODULE);
new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.env.S3RVER_DIR })
  .run()
  .then((address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\\n'))
  .catch((error) => { console.error(error); process.exit(1); });
`;

/** A real S3-compatible server (s3rver, files in a temporary folder) on a random port. */
export async function startS3TestServer(): Promise<S3TestServer> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-s3rver-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--input-type=commonjs', '-e', LAUNCHER],
    {
      env: { ...process.env, S3RVER_MODULE: createRequire(import.meta.url).resolve('s3rver'), S3RVER_DIR: directory },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening: ${stderr}`)));
    child.once('error', reject);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const options = (overrides: Partial<S3StorageOptions> = {}): S3StorageOptions => ({
    bucket: 'tarab-test',
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    ...overrides,
  });
  return {
    endpoint,
    options,
    async createBucket(name) {
      const client = new S3Client({
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      try {
        await client.send(new CreateBucketCommand({ Bucket: name }));
      } finally {
        client.destroy();
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
