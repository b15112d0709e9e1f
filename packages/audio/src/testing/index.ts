/** Test helpers (the '@tarab/audio/testing' entry): never imported by production code. */
export {
  sine,
  encodeWavPcm,
  encodeWithFfmpeg,
  silentFlac,
  toneThenSilenceFlac,
  truncated,
  type WavSampleFormat,
} from './audio-fixtures.js';
export { shortMusic, shortLoop } from './specs.js';
export { estimatePitch, cents, pearson } from './estimate-pitch.js';
