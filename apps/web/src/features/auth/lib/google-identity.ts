/**
 * Google Identity Services token flow: loads Google's script (only when Google sign-in is
 * configured, and only on click) and asks the user for an OAuth access token in Google's popup.
 */
type TokenResponse = { access_token?: string; error?: string };
type TokenClient = { requestAccessToken: () => void };
type GoogleAccounts = {
  oauth2: {
    initTokenClient: (config: {
      client_id: string;
      scope: string;
      callback: (response: TokenResponse) => void;
      error_callback?: (error: unknown) => void;
    }) => TokenClient;
  };
};
declare global {
  interface Window {
    google?: { accounts?: GoogleAccounts };
  }
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleAccounts> | null = null;

function loadGoogleIdentity(): Promise<GoogleAccounts> {
  if (window.google?.accounts) return Promise.resolve(window.google.accounts);
  loading ??= new Promise<GoogleAccounts>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.google?.accounts ? resolve(window.google.accounts) : reject(new Error('Google script'));
    script.onerror = () => {
      loading = null;
      reject(new Error('Google script'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export async function requestGoogleAccessToken(clientId: string): Promise<string> {
  const accounts = await loadGoogleIdentity();
  return new Promise<string>((resolve, reject) => {
    const client = accounts.oauth2.initTokenClient({
      client_id: clientId,
      scope: 'openid email profile',
      callback: (response) =>
        response.access_token ? resolve(response.access_token) : reject(new Error(response.error ?? 'no token')),
      error_callback: (error) => reject(error instanceof Error ? error : new Error('popup closed')),
    });
    client.requestAccessToken();
  });
}
