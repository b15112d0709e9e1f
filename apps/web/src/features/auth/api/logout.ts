import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import { commonMessages } from '@/lib/i18n/common-messages';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { clearCachedUser, writeCachedUser } from '../lib/user-cache';
import type { User } from '../types';
import { meQueryKey } from './get-me';

export const LOGOUT_SUCCESS_MESSAGE = commonMessages.loggedOut;
export const LOGOUT_FAILURE_MESSAGE = commonMessages.logoutFailedToast;

/** `POST /api/logout`: the server deletes the session and the cookie. */
const logout = (): Promise<unknown> => api.call(Api.auth.logout);

type LogoutContext = { previous: User | null | undefined };

/**
 * Logs out. Spec §4: the start clears the user at once (header, guards and the stored user);
 * success toasts, drops the user's cached data and goes to the login page. A failure toasts
 * and gives the session back, since the server still holds it and the user must be able to
 * try again (decision 018).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation<unknown, Error, void, LogoutContext>({
    mutationFn: logout,
    onMutate: async () => {
      // A /api/me answer on its way must not bring the user back.
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      const previous = queryClient.getQueryData<User | null>(meQueryKey);
      clearCachedUser();
      queryClient.setQueryData(meQueryKey, null);
      return { previous };
    },
    onSuccess: () => {
      clearCachedUser();
      navigate(paths.auth.login.getHref(), { replace: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, null);
      toast.success(LOGOUT_SUCCESS_MESSAGE);
    },
    onError: (_error, _variables, context) => {
      const previous = context?.previous;
      if (previous) {
        writeCachedUser(previous);
        queryClient.setQueryData(meQueryKey, previous);
      }
      toast.error(LOGOUT_FAILURE_MESSAGE);
    },
  });
}
