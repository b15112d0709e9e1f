import type { SVGProps } from 'react';
import { Icon as Glyph } from '@/components/ui/icons';

type IconProps = SVGProps<SVGSVGElement>;

/** Stacked layers: a loop in the project. */
export const LayersGlyph = (props: IconProps) => (
  <Glyph {...props}>
    <path d="m12 3 9 5-9 5-9-5 9-5Z" />
    <path d="m3 13 9 5 9-5" />
  </Glyph>
);

export const PlayGlyph = (props: IconProps) => (
  <Glyph {...props}>
    <path d="M7 4.5v15l12-7.5-12-7.5Z" fill="currentColor" />
  </Glyph>
);

export const StopGlyph = (props: IconProps) => (
  <Glyph {...props}>
    <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
  </Glyph>
);

export const SpeakerGlyph = (props: IconProps) => (
  <Glyph {...props}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4v-5Z" />
    <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </Glyph>
);

export const SpeakerOffGlyph = (props: IconProps) => (
  <Glyph {...props}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4v-5Z" />
    <path d="m16 9.5 5 5m0-5-5 5" />
  </Glyph>
);

export const RemoveGlyph = (props: IconProps) => (
  <Glyph {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Glyph>
);

export const MinusGlyph = (props: IconProps) => (
  <Glyph {...props}>
    <path d="M6 12h12" />
  </Glyph>
);

export const PlusGlyph = (props: IconProps) => (
  <Glyph {...props}>
    <path d="M12 6v12M6 12h12" />
  </Glyph>
);
