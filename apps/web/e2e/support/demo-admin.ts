/**
 * The demo operator of the e2e server. Its password is random at a real first start (printed once,
 * decision 052); the servers the specs start pass this one as DEMO_ADMIN_PASSWORD, a variable for
 * tests and local use only (the server refuses it on an https PUBLIC_URL or a production start open
 * to a network). Against a server started elsewhere (E2E_BASE_URL), E2E_ADMIN_PASSWORD gives the
 * password that server printed.
 */
export const E2E_ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-operator-password';

export const ADMIN = { email: 'admin@tarab.test', password: E2E_ADMIN_PASSWORD };
