import { useId, useRef, type CSSProperties } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Limits } from '@tarab/contracts/limits';
import { cx } from '@/lib/class-names';
import { usePlayerStore } from '../stores/player-store';
import { MutedIcon, VolumeIcon } from './player-icons';

/** Mute toggle, a real range input 0…1 (step 0.01) and the volume in percent. */
export function VolumeControl({ className }: { className?: string }) {
  const inputId = useId();
  const volume = usePlayerStore((state) => state.volume);
  const setVolume = usePlayerStore((state) => state.setVolume);
  const beforeMute = useRef<number>(Limits.defaultVolume);
  const percent = Math.round(volume * 100);
  const muted = volume === 0;
  const intl = useIntl();
  const percentText = intl.formatNumber(volume, { style: 'percent' });

  return (
    <div className={cx('flex items-center gap-2', className)}>
      <button
        type="button"
        aria-label={
          muted
            ? intl.formatMessage({ id: 'player.unmute', defaultMessage: 'Unmute' })
            : intl.formatMessage({ id: 'player.mute', defaultMessage: 'Mute' })
        }
        onClick={() => {
          if (muted) {
            setVolume(beforeMute.current || Limits.defaultVolume);
          } else {
            beforeMute.current = volume;
            setVolume(0);
          }
        }}
        className="grid size-9 shrink-0 place-items-center rounded-full text-fg-muted transition-colors hover:bg-white/5 hover:text-fg"
      >
        {muted ? <MutedIcon /> : <VolumeIcon />}
      </button>
      <label htmlFor={inputId} className="sr-only">
        <FormattedMessage id="player.volume" defaultMessage="Volume" />
      </label>
      <input
        id={inputId}
        type="range"
        min={0}
        max={1}
        step={Limits.volumeStep}
        value={volume}
        onChange={(event) => setVolume(Number(event.target.value))}
        aria-valuetext={percentText}
        style={{ '--fill': `${percent}%` } as CSSProperties}
        className="h-1.5 w-full min-w-16 cursor-pointer appearance-none rounded-full bg-[linear-gradient(to_right,var(--color-accent)_var(--fill),var(--color-ink-600)_var(--fill))] rtl:bg-[linear-gradient(to_left,var(--color-accent)_var(--fill),var(--color-ink-600)_var(--fill))] [&::-moz-range-thumb]:size-3.5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-fg [&::-webkit-slider-thumb]:size-3.5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-fg"
      />
      <output htmlFor={inputId} className="w-10 shrink-0 text-end text-xs text-fg-muted tabular-nums">
        <bdi>{percentText}</bdi>
      </output>
    </div>
  );
}
