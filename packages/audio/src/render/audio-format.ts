/** The format of every rendered original. */
export const SAMPLE_RATE = 44100;
export const CHANNELS = 2;
export const PREVIEW_KBPS = 128;
export const PEAK_COUNT = 500;
