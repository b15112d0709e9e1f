import { useState } from 'react';
import { useMe } from '../api/get-me';
import { readCachedUser } from '../lib/user-cache';
import { isArtist, type User } from '../types';

export type AuthState = {
  /** The confirmed user; while `/api/me` is loading, the cached one (if any). */
  user: User | null;
  isAuthenticated: boolean;
  /** True until `/api/me` has answered once. Guards wait for it. */
  isLoading: boolean;
  isArtist: boolean;
};

export function useAuth(): AuthState {
  const me = useMe();
  const [cached] = useState(readCachedUser);
  const isLoading = me.isPending;
  const user = me.data !== undefined ? me.data : isLoading ? cached : null;
  return { user, isAuthenticated: user !== null, isLoading, isArtist: isArtist(user) };
}
