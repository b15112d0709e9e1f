import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { clearCachedUser } from '../lib/user-cache';
import { meQueryKey } from './get-me';

export const LOGOUT_SUCCESS_MESSAGE = 'Logged out successfully!';
export const LOGOUT_FAILURE_MESSAGE = 'Logout failed. Try again.';

/** `POST /api/logout`: the server deletes the session and the cookie. */
export const logout = (): Promise<unknown> => api.post<unknown>('/api/logout');

/** Logs out, drops the user's cached data, toasts and goes to the login page. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      clearCachedUser();
      navigate(paths.auth.login.getHref(), { replace: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, null);
      toast.success(LOGOUT_SUCCESS_MESSAGE);
    },
    onError: () => {
      toast.error(LOGOUT_FAILURE_MESSAGE);
    },
  });
}
