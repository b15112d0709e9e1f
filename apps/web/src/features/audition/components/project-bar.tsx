import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TrackDto } from '@tarab/contracts';
import { Button } from '@/components/ui/button';
import { cx } from '@/lib/class-names';
import { ltr } from '@/lib/i18n/bidi';
import { noteName, trackTitle } from '@/lib/i18n/catalog-names';
import { installAuditionDebugHook } from '../lib/debug-hook';
import { MAX_LAYERS, MAX_PROJECT_BPM, MIN_PROJECT_BPM, PROJECT_TONICS } from '../lib/timing';
import { canAudition, layerShift, useAuditionStore, type AuditionLayer } from '../stores/audition-store';
import {
  LayersGlyph,
  MinusGlyph,
  PlayGlyph,
  PlusGlyph,
  RemoveGlyph,
  SpeakerGlyph,
  SpeakerOffGlyph,
  StopGlyph,
} from './audition-icons';

const LAYER_COLORS = ['bg-saffron-400', 'bg-teal-400', 'bg-pomegranate-400', 'bg-ink-400'];

const iconButton =
  'grid size-9 shrink-0 place-items-center rounded-full text-fg-muted transition-colors hover:bg-white/5 hover:text-fg disabled:cursor-not-allowed disabled:opacity-50';

const fieldLabel = 'text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase';

/**
 * The project bar of /loops (issue 18): the project's tempo and key, the stacked loops (up to four)
 * each with volume and mute, and one play/stop for the mix. Status changes are announced.
 * `candidate`: the loop playing in the player, offered as "Add … to the project" (a second way in, next
 * to the rows' Audition buttons).
 */
export function ProjectBar({ candidate = null }: { candidate?: TrackDto | null }) {
  const intl = useIntl();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const layers = useAuditionStore((state) => state.layers);
  const playing = useAuditionStore((state) => state.playing);
  const preparing = useAuditionStore((state) => state.preparing);
  const message = useAuditionStore((state) => state.message);
  const togglePlay = useAuditionStore((state) => state.togglePlay);
  const stop = useAuditionStore((state) => state.stop);
  const add = useAuditionStore((state) => state.add);
  const offer =
    candidate && canAudition(candidate) && layers.length < MAX_LAYERS && !layers.some((l) => l.id === candidate.id)
      ? candidate
      : null;

  useEffect(() => installAuditionDebugHook(), []);
  // Leaving the page stops the mix (the project itself is kept for the next visit).
  useEffect(() => () => stop(), [stop]);

  return (
    <section
      aria-labelledby={headingId}
      className="relative mb-8 overflow-hidden rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6"
    >
      <div
        aria-hidden="true"
        className="absolute -top-24 -end-24 -z-0 size-64 rounded-full bg-saffron-500/10 blur-3xl"
      />
      <div className="relative flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className={cx(fieldLabel, 'text-accent')}>
            <FormattedMessage id="audition.eyebrow" defaultMessage="Loop audition" />
          </p>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="mt-1 font-display text-2xl text-fg outline-none">
            <FormattedMessage id="audition.title" defaultMessage="Your project" />
          </h2>
          <p className="mt-1 max-w-xl text-sm text-fg-muted">
            <FormattedMessage
              id="audition.intro"
              defaultMessage="Stack up to {max} loops and hear them together at your tempo, in your key. Add a loop with the layers button in its row, or play it and add it here."
              values={{ max: MAX_LAYERS }}
            />
          </p>
        </div>
        <Button
          onClick={() => void togglePlay()}
          disabled={layers.length === 0}
          aria-label={
            playing
              ? intl.formatMessage({ id: 'audition.stopProject', defaultMessage: 'Stop the project' })
              : intl.formatMessage({ id: 'audition.playProject', defaultMessage: 'Play the project' })
          }
          className="min-w-28"
        >
          {playing ? <StopGlyph className="size-4" /> : <PlayGlyph className="size-4" />}
          {playing ? (
            <FormattedMessage id="audition.stop" defaultMessage="Stop" />
          ) : (
            <FormattedMessage id="audition.play" defaultMessage="Play" />
          )}
        </Button>
      </div>

      <div className="relative mt-5 flex flex-wrap items-end gap-x-8 gap-y-4">
        <TempoField />
        <TonicField />
        <p role="status" aria-live="polite" className="min-h-5 flex-1 basis-56 text-sm text-fg-muted">
          {preparing ? <span className="me-2 inline-block size-2 animate-pulse rounded-full bg-accent" /> : null}
          {message}
        </p>
      </div>

      {offer ? (
        <div className="relative mt-4">
          <Button variant="secondary" size="sm" onClick={() => void add(offer)} className="max-w-full">
            <LayersGlyph className="size-4 shrink-0" />
            <span className="truncate">
              <FormattedMessage
                id="audition.addPlaying"
                defaultMessage="Add {title} to the project"
                values={{ title: trackTitle(offer, intl.locale) }}
              />
            </span>
          </Button>
        </div>
      ) : null}

      {layers.length > 0 ? (
        <ul
          aria-label={intl.formatMessage({ id: 'audition.layersLabel', defaultMessage: 'Loops in the project' })}
          className="relative mt-5 grid gap-2 lg:grid-cols-2"
        >
          {layers.map((layer, index) => (
            <LayerRow
              key={layer.id}
              layer={layer}
              color={LAYER_COLORS[index % LAYER_COLORS.length]!}
              // The removed row's button goes with it: focus moves to the bar's heading.
              onRemoved={() => headingRef.current?.focus()}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function TempoField() {
  const intl = useIntl();
  const inputId = useId();
  const bpm = useAuditionStore((state) => state.bpm);
  const setBpm = useAuditionStore((state) => state.setBpm);
  const [draft, setDraft] = useState(String(bpm));
  useEffect(() => setDraft(String(bpm)), [bpm]);
  const commit = () => {
    const value = Number(draft);
    if (draft.trim() === '' || !Number.isFinite(value)) setDraft(String(bpm));
    else void setBpm(value);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className={fieldLabel}>
        <FormattedMessage id="audition.tempo" defaultMessage="Tempo (BPM)" />
      </label>
      <div className="flex items-center gap-1 rounded-full border border-line-strong bg-canvas/40 p-1">
        <button
          type="button"
          className={iconButton}
          aria-label={intl.formatMessage({ id: 'audition.slower', defaultMessage: 'Slower: one BPM less' })}
          disabled={bpm <= MIN_PROJECT_BPM}
          onClick={() => void setBpm(bpm - 1)}
        >
          <MinusGlyph className="size-4" />
        </button>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={MIN_PROJECT_BPM}
          max={MAX_PROJECT_BPM}
          step={1}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
          className="w-16 bg-transparent text-center font-semibold text-fg tabular-nums outline-none [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={iconButton}
          aria-label={intl.formatMessage({ id: 'audition.faster', defaultMessage: 'Faster: one BPM more' })}
          disabled={bpm >= MAX_PROJECT_BPM}
          onClick={() => void setBpm(bpm + 1)}
        >
          <PlusGlyph className="size-4" />
        </button>
      </div>
    </div>
  );
}

function TonicField() {
  const intl = useIntl();
  const selectId = useId();
  const tonic = useAuditionStore((state) => state.tonic);
  const setTonic = useAuditionStore((state) => state.setTonic);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={selectId} className={fieldLabel}>
        <FormattedMessage id="audition.key" defaultMessage="Key (tonic)" />
      </label>
      <select
        id={selectId}
        value={tonic ?? ''}
        onChange={(event) => void setTonic(event.target.value || null)}
        className="h-11 rounded-full border border-line-strong bg-canvas/40 px-4 text-sm font-semibold text-fg outline-none"
      >
        <option value="">
          {intl.formatMessage({ id: 'audition.ownKey', defaultMessage: "Each loop''s own key" })}
        </option>
        {PROJECT_TONICS.map((name) => (
          <option key={name} value={name}>
            {noteName(name, intl.locale)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `+2 st`, `−1 st`, `same key`: the transposition of a layer to the project's key. */
function formatShift(semitones: number, intl: ReturnType<typeof useIntl>): string {
  if (semitones === 0) return intl.formatMessage({ id: 'audition.sameKey', defaultMessage: 'same key' });
  const sign = semitones > 0 ? '+' : '−';
  return ltr(intl.locale, `${sign}${Math.abs(semitones)} st`);
}

function LayerRow({ layer, color, onRemoved }: { layer: AuditionLayer; color: string; onRemoved: () => void }) {
  const intl = useIntl();
  const volumeId = useId();
  const bpm = useAuditionStore((state) => state.bpm);
  const tonic = useAuditionStore((state) => state.tonic);
  const setVolume = useAuditionStore((state) => state.setVolume);
  const toggleMute = useAuditionStore((state) => state.toggleMute);
  const remove = useAuditionStore((state) => state.remove);
  const percent = Math.round(layer.volume * 100);
  const shift = layerShift(layer, tonic);
  return (
    <li
      className={cx(
        'flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-xl border border-line bg-surface-raised/60 px-3 py-2.5',
      )}
    >
      <span
        aria-hidden="true"
        className={cx(
          'size-2.5 shrink-0 rounded-full',
          layer.muted ? 'bg-ink-500' : color,
          layer.status === 'loading' && 'animate-pulse',
        )}
      />
      <div className="min-w-0 flex-1 basis-40">
        <p className={cx('truncate text-sm font-semibold', layer.muted ? 'text-fg-muted line-through' : 'text-fg')}>
          {layer.title}
        </p>
        <p className="truncate text-xs text-fg-subtle tabular-nums">
          {layer.status === 'loading'
            ? intl.formatMessage({ id: 'audition.preparing', defaultMessage: 'Preparing…' })
            : [
                ltr(intl.locale, `${layer.bpm} → ${bpm} BPM`),
                tonic && layer.tonic
                  ? `${ltr(intl.locale, `${noteName(layer.tonic, intl.locale)} → ${noteName(tonic, intl.locale)}`)} (${formatShift(shift, intl)})`
                  : layer.tonic
                    ? noteName(layer.tonic, intl.locale)
                    : null,
              ]
                .filter(Boolean)
                .join(' · ')}
        </p>
      </div>
      <div className="ms-auto flex items-center gap-2">
        <button
          type="button"
          aria-pressed={layer.muted}
          aria-label={intl.formatMessage(
            { id: 'audition.mute', defaultMessage: 'Mute {title}' },
            { title: layer.title },
          )}
          onClick={() => toggleMute(layer.id)}
          className={cx(iconButton, layer.muted && 'bg-white/5 text-danger')}
        >
          {layer.muted ? <SpeakerOffGlyph className="size-4" /> : <SpeakerGlyph className="size-4" />}
        </button>
        <label htmlFor={volumeId} className="sr-only">
          <FormattedMessage id="audition.volume" defaultMessage="Volume of {title}" values={{ title: layer.title }} />
        </label>
        <input
          id={volumeId}
          type="range"
          min={0}
          max={1}
          step={0.01}
          value={layer.volume}
          onChange={(event) => setVolume(layer.id, Number(event.target.value))}
          aria-valuetext={`${percent}%`}
          style={{ '--fill': `${percent}%` } as CSSProperties}
          className="h-1.5 w-20 shrink-0 cursor-pointer appearance-none rounded-full bg-[linear-gradient(to_right,var(--color-accent)_var(--fill),var(--color-ink-600)_var(--fill))] rtl:bg-[linear-gradient(to_left,var(--color-accent)_var(--fill),var(--color-ink-600)_var(--fill))] sm:w-28 [&::-moz-range-thumb]:size-3.5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-fg [&::-webkit-slider-thumb]:size-3.5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-fg"
        />
        <button
          type="button"
          aria-label={intl.formatMessage(
            { id: 'audition.remove', defaultMessage: 'Remove {title} from the project' },
            { title: layer.title },
          )}
          onClick={() => {
            remove(layer.id);
            onRemoved();
          }}
          className={iconButton}
        >
          <RemoveGlyph className="size-4" />
        </button>
      </div>
    </li>
  );
}
