import { Api, pathOf } from '@tarab/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@/features/auth/api/get-me';
import { jsonResponse, meBody, on, renderRoutes, stubRoutes, testUser, userDto } from '@/testing/render-app';
import SignUpRoute from './sign-up';

const routes: RouteObject[] = [
  { path: '/', element: <h1>Home page</h1> },
  { path: '/auth/login', element: <h1>Login page</h1> },
  { path: '/auth/sign-up', element: <SignUpRoute /> },
];

type Values = { name?: string; email?: string; password?: string; confirm?: string };

async function fill({ name = '', email = '', password = '', confirm = '' }: Values) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
  if (name) await user.type(screen.getByLabelText('Full name'), name);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

const complete = {
  name: 'Amira Haddad',
  email: 'amira@example.com',
  password: 'oud-and-qanun',
  confirm: 'oud-and-qanun',
};

describe('Sign-up page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links to the login page', async () => {
    renderRoutes(routes, { user: null, path: '/auth/sign-up' });
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
  });

  it.each([
    ['the name', { ...complete, name: '' }],
    ['the email', { ...complete, email: '' }],
    ['the password', { ...complete, password: '' }],
    ['the confirmation', { ...complete, confirm: '' }],
    ['a blank name', { ...complete, name: '   ' }],
  ])('asks for all fields when %s is missing, without calling the server', async (_case, values) => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, { user: null, path: '/auth/sign-up' });
    await fill(values);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields.');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('says when the passwords do not match, without calling the server', async () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, { user: null, path: '/auth/sign-up' });
    await fill({ ...complete, confirm: 'something-else' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match!');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('shows each server field error under its field', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.auth.register, () =>
        jsonResponse(422, {
          message: 'The email has already been taken.',
          errors: {
            email: ['The email has already been taken.'],
            password: [
              'The password must be at least 8 characters.',
              'This password is too common. Please choose another one.',
            ],
          },
        }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, { user: null, path: '/auth/sign-up' });
    await fill(complete);

    const email = screen.getByLabelText('Email');
    await vi.waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('The email has already been taken.');
    expect(email).toHaveFocus();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription(
      'The password must be at least 8 characters. This password is too common. Please choose another one.',
    );
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
  });

  it('says Something went wrong. when the server gives no field error', async () => {
    const { fetchStub } = stubRoutes([on(Api.auth.register, () => jsonResponse(500, { message: 'Boom' }))]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, { user: null, path: '/auth/sign-up' });
    await fill(complete);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Something went wrong\.$/);
  });

  it('creates the account, toasts, stores the session and goes home', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.auth.register, () => jsonResponse(200, { data: { user: userDto(testUser), token: 't' } })),
      on(Api.auth.me, () => jsonResponse(200, meBody(testUser))),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const { router, queryClient } = renderRoutes(routes, { user: null, path: '/auth/sign-up' });
    await fill(complete);

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    expect(queryClient.getQueryData(meQueryKey)).toMatchObject({ email: testUser.email });
    const register = calls.find((call) => call.url === pathOf(Api.auth.register));
    expect(JSON.parse(String(register?.init?.body))).toEqual({
      name: 'Amira Haddad',
      email: 'amira@example.com',
      password: 'oud-and-qanun',
      password_confirmation: 'oud-and-qanun',
    });
  });
});
