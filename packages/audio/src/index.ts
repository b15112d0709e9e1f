export type {
  TagKind,
  DemoTag,
  DemoScale,
  DemoArtist,
  DemoAlbum,
  DemoTrackSpec,
  DemoCatalog,
  RenderedTrack,
} from './types.js';
export { buildDemoCatalog, DEFAULT_CATALOG_SEED } from './catalog/build-catalog.js';
export { ARTIST_LIST, type ArtistEntry } from './catalog/artist-list.js';
export { renderTrack, renderTrackAudio } from './render/render-track.js';
export { renderCatalog, type RenderCatalogOptions } from './render/render-catalog.js';
export { computePeaks, mixToMono } from './analysis/peaks.js';
export { encodeWav, decodeWav } from './codecs/wav.js';
export { encodeMp3 } from './codecs/mp3-encode.js';
export { decodeMp3 } from './codecs/mp3-decode.js';
export { SAMPLE_RATE, CHANNELS, PREVIEW_KBPS, PEAK_COUNT } from './render/audio-format.js';
export { loopBars, loopSampleCount } from './render/loop-timing.js';
export { encodeAuditionWav } from './render/audition-wav.js';
export { MAQAMAT, getMaqam, degreeQuarterTones, degreeFrequency, type Maqam } from './theory/maqam.js';
export { IQAAT, getIqa, barSeconds, type Iqa, type Stroke } from './theory/iqa.js';
export { noteFrequency, noteQuarterTones } from './theory/pitch.js';
export {
  CENTS_PER_QUARTER_TONE,
  maqamCents,
  findMaqam,
  isNoteName,
  tuningFileStem,
  scalaScale,
  tonicMidiNote,
  degreeKeys,
  keyboardMapping,
} from './theory/tuning.js';
export { INSTRUMENT_NAMES, type InstrumentName } from './composition/instruments.js';
export {
  sniffAudioFormat,
  id3v2Length,
  decodeAudio,
  findFfmpeg,
  IngestError,
  INGEST_ERROR_CODES,
  INGEST_LIMITS,
  measureLoudness,
  estimateBpm,
  resample,
  analyzeUpload,
  analyzeSource,
  bytesSource,
  fileSource,
  ffmpegArgs,
  ANALYSIS_BUFFER_LIMIT,
  encodeMp3FromAny,
  type AnalysisSignal,
  type AudioSource,
  type AudioFormat,
  type DecodedAudio,
  type DecodeOptions,
  type IngestErrorCode,
  type TempoOptions,
  type AnalyzeOptions,
  type IngestResult,
} from './ingest/index.js';
export {
  createAudioPool,
  AudioPoolBusyError,
  type AudioPool,
  type AudioPoolOptions,
  type AudioPoolStats,
  type DeliveryPaths,
} from './pool/audio-pool.js';
// For other worker pools of TypeScript source in this repo (the server's certificate renderer).
export { withoutTsxFlags } from './pool/tsx-flags.js';
export {
  encodeDelivery,
  encodeDeliveryFile,
  DELIVERY_FORMATS,
  DELIVERY_MP3_KBPS,
  type DeliveredFile,
  type DeliveryFormat,
  type EncodedDelivery,
} from './delivery/encode-delivery.js';
export { id3Tag, wavLicenceChunks, riffHeader, type LicenceTags } from './delivery/licence-tags.js';
