import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id with OWASP's minimum parameters (19 MiB memory, 2 iterations, 1 lane). */
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum in the typings, so spelled out here)
const options: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash of a random password, verified against when the email is unknown so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}
