import { Api } from '@tarab/contracts';
import { accountAnswers } from '../lib/account-answers';
import type { UpdateMeBody } from '@tarab/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { parseUser } from '../lib/parse-user';
import { clearCachedUser, writeCachedUser } from '../lib/user-cache';
import { meQueryKey } from './get-me';

/**
 * Accounts by email (issue 17): the calls beside the spec's — confirm an address, reset a
 * password, change settings, list sessions, export and delete the account.
 */

/** `POST /api/email/verify {token}`: the token of the emailed link. */
export const verifyEmail = (token: string) => api.call(Api.account.verifyEmail, { body: { token } });

/** `POST /api/me/email-change/confirm {token}`: the link mailed to the current address (issue #31). */
export const confirmEmailChange = (token: string) => api.call(Api.account.confirmEmailChange, { body: { token } });

/** `POST /api/email/resend`: a new confirmation link to the account's address. */
export function useResendVerification() {
  return useMutation({ mutationFn: () => api.call(Api.account.resendVerification) });
}

/** `POST /api/password/forgot {email}`: the same answer whether or not the account exists. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => api.call(Api.account.forgotPassword, { body: { email } }) });
}

/** `POST /api/password/reset {token, password, password_confirmation}`. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string; password_confirmation: string }) =>
      api.call(Api.account.resetPassword, { body }),
  });
}

/** `PATCH /api/me`: name, email or password; the answer carries the updated user. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeBody) => api.call(Api.account.updateMe, { body }),
    onSuccess: (body) => {
      const user = parseUser(body);
      if (user) {
        writeCachedUser(user);
        queryClient.setQueryData(meQueryKey, user);
      }
      void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
    },
  });
}

/** `GET /api/me/sessions`. */
const sessionsQuery = queryOptions({
  queryKey: ['auth', 'sessions'],
  queryFn: ({ signal }) => api.call(Api.account.sessions, { signal }),
});

export function useSessions() {
  return useQuery(sessionsQuery);
}

/** `DELETE /api/me/sessions/others`: log out everywhere else. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(Api.account.revokeOtherSessions),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

/** `GET /api/me/export`: fetched, then saved by the browser as a JSON file. */
export async function downloadMyData(): Promise<void> {
  const data = await api.call(Api.account.exportMe);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'tarab-my-data.json';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `DELETE /api/me {password}`: on success the session is gone; the app forgets the user and goes home. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: { password?: string; confirm_email?: string }) => api.call(Api.account.deleteMe, { body }),
    onSuccess: async () => {
      // Leave the guarded page first, so its guard does not send us to the login page. `flushSync`: the
      // navigation is committed at once (not in a transition that keeps the profile's tree, guard included,
      // on screen while home's data suspends), so forgetting the user below reaches the home page only.
      clearCachedUser();
      await navigate(paths.home.getHref(), { replace: true, flushSync: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, null);
      toast.success(accountAnswers.accountDeleted);
    },
  });
}
