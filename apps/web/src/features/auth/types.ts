import type { UserDto } from '@tarab/contracts';

/**
 * The signed-in user as the web app needs it (spec §3 "User"): a small subset of the
 * contract's `UserDto`, so a cached or partial user still fits. Kept small on purpose;
 * the accounts feature may widen it.
 */
export type User = {
  id: string | number;
  name: string;
  email: string;
  phone?: string | null;
  /** 'artist' sees the Sales link; any other value is an ordinary user. */
  type: string;
  subscriptions?: readonly unknown[];
  /** The account confirmed its email (issue 17); absent in old cached users. */
  email_verified?: boolean;
};

type Assert<T extends true> = T;
/** Fails to compile if the server's user shape stops fitting this one. */
type _UserDtoFitsUser = Assert<UserDto extends User ? true : false>;

export const isArtist = (user: User | null | undefined): boolean => user?.type === 'artist';
