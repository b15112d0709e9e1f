import type { ReactNode } from 'react';
import type { TrackDto } from '@tarab/contracts';

/** The favourite control of the player, composed by `src/app` (the library feature owns it). */
export type RenderFavourite = (track: TrackDto, variant: 'icon' | 'menu-item') => ReactNode;
