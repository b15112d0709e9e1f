import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LocalCardBody,
  LocalCheckoutResponse,
  LocalConfirmSetupBody,
  LocalConfirmSetupResponse,
  LocalPayResponse,
} from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import * as local from './local-payments.service.js';
import { sessionSecurity } from '../../lib/openapi-security.js';

const tags = ['payments (local test mode)'];
const SessionParam = z.object({ id: z.string().regex(/^cs_local_[a-f0-9]{24}$/) });

/**
 * Only with the `local` payment driver: the API behind our own test-mode checkout pages. `secret`
 * (the server secret) keys the card fingerprints of saved cards.
 */
export function localPaymentRoutes(db: DbOrTx, secret: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', requireUser);
    app.get(
      '/api/local-payments/checkout/:id',
      { schema: { tags, security: sessionSecurity, params: SessionParam, response: { 200: LocalCheckoutResponse } } },
      async (request) => ({ data: await local.getLocalCheckout(db, request.params.id, currentUser(request).id) }),
    );
    app.post(
      '/api/local-payments/checkout/:id/pay',
      {
        schema: {
          tags,
          security: sessionSecurity,
          params: SessionParam,
          body: LocalCardBody,
          response: { 200: LocalPayResponse },
        },
      },
      async (request) => ({
        redirect_url: await local.payLocalCheckout(db, request.params.id, currentUser(request).id, request.body),
      }),
    );
    app.post(
      '/api/local-payments/setup/confirm',
      {
        schema: {
          tags,
          security: sessionSecurity,
          // Billing details are accepted (spec §7) and not stored: the test driver keeps no card data.
          body: LocalConfirmSetupBody,
          response: { 200: LocalConfirmSetupResponse },
        },
      },
      async (request) => ({
        payment_method: await local.confirmLocalSetup(
          db,
          secret,
          request.body.client_secret,
          currentUser(request).id,
          request.body,
        ),
      }),
    );
  };
}
