/// <reference lib="webworker" />
import { stretchLoop, type StretchOptions } from './stretch';

export interface StretchRequest extends StretchOptions {
  id: number;
  channels: Float32Array[];
}

export type StretchReply =
  { id: number; channels: [Float32Array<ArrayBuffer>, Float32Array<ArrayBuffer>] } | { id: number; error: string };

/** Runs the SoundTouch pass off the main thread, so the page stays responsive while a layer is made. */
self.onmessage = (event: MessageEvent<StretchRequest>) => {
  const { id, channels, ...options } = event.data;
  try {
    const out = stretchLoop(channels, options);
    (self as unknown as Worker).postMessage({ id, channels: out } satisfies StretchReply, [
      out[0].buffer,
      out[1].buffer,
    ]);
  } catch (error) {
    (self as unknown as Worker).postMessage({ id, error: String(error) } satisfies StretchReply);
  }
};
