import type { Route } from './server.js';
import { newId, now, type StripeObject, type StripeState } from './state.js';
import { integer, invalid, metadataOf, text, type FormObject } from './wire.js';

/** Customers: created, listed by email, searched by metadata or email, updated (default payment method). */
export function customerApi({ store, put, find, listOf }: StripeState) {
  function createCustomer(params: FormObject) {
    return put({
      id: newId('cus'),
      object: 'customer',
      created: now(),
      email: text(params, 'email') ?? null,
      name: text(params, 'name') ?? null,
      metadata: metadataOf(params),
      invoice_settings: { default_payment_method: null },
      livemode: false,
    });
  }

  function listCustomers(params: FormObject) {
    const email = text(params, 'email');
    const matches = [...store.values()]
      .filter((o) => o.object === 'customer' && (email === undefined || o.email === email))
      .sort((a, b) => Number(b.created) - Number(a.created));
    return listOf(matches, '/v1/customers', integer(params, 'limit') ?? 10);
  }

  /**
   * `GET /v1/customers/search`: the query forms the driver uses, `metadata['key']:'value'` and
   * `email:'value'` (joined by ` AND `). Unlike Stripe's (up to a minute behind), answers at once.
   */
  function searchCustomers(params: FormObject) {
    const query = text(params, 'query') ?? '';
    const clauses = query.split(/\s+AND\s+/i).map((clause) => {
      const metadata = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(clause.trim());
      if (metadata) return (o: StripeObject) => (o.metadata as Record<string, string>)[metadata[1]!] === metadata[2];
      const email = /^email:'([^']*)'$/.exec(clause.trim());
      if (email) return (o: StripeObject) => o.email === email[1];
      throw invalid(`The fake cannot search for ${clause}.`, 'query');
    });
    const matches = [...store.values()]
      .filter((o) => o.object === 'customer' && clauses.every((matches) => matches(o)))
      .sort((a, b) => Number(b.created) - Number(a.created));
    return {
      ...listOf(matches, '/v1/customers/search', integer(params, 'limit') ?? 10),
      object: 'search_result',
      next_page: null,
    };
  }

  function updateCustomer(id: string, params: FormObject) {
    const customer = find(id, 'customer');
    const defaultMethod = text(params, 'invoice_settings', 'default_payment_method');
    if (defaultMethod !== undefined) {
      const method = store.get(defaultMethod);
      if (!method || method.customer !== id) {
        throw invalid(
          `The customer does not have a payment method with the ID ${defaultMethod}.`,
          'invoice_settings[default_payment_method]',
        );
      }
      customer.invoice_settings = { default_payment_method: defaultMethod };
    }
    for (const field of ['email', 'name'] as const) {
      const value = text(params, field);
      if (value !== undefined) customer[field] = value;
    }
    if (params.metadata) customer.metadata = { ...(customer.metadata as object), ...metadataOf(params) };
    return customer;
  }

  const routes: Route[] = [
    ['POST', /^\/v1\/customers$/, (_m, p) => createCustomer(p)],
    ['GET', /^\/v1\/customers$/, (_m, p) => listCustomers(p)],
    ['GET', /^\/v1\/customers\/search$/, (_m, p) => searchCustomers(p)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (m) => find(m[1]!, 'customer')],
    ['POST', /^\/v1\/customers\/([^/]+)$/, (m, p) => updateCustomer(m[1]!, p)],
  ];
  return { routes, createCustomer };
}
